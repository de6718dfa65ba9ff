/**
 * Loads the charts library in four steps, each evaluated in a task of its own: its rendering engine's core, the
 * engine's canvas, the axes and tooltip, then the chart itself (ChartCanvas with G2). Loaded in one `import()`,
 * the ~700 kB of script ran in one task of ~25 ms (~100 ms on a phone's CPU, Lighthouse's 4× slowdown), during which
 * the page could not answer a tap. The pieces are the chunks the bundler splits out because each step imports
 * them first; the later steps find them already evaluated.
 */
const STEPS = [
  () => import('./stage-g-lite'),
  () => import('./stage-g'),
  () => import('./stage-component'),
] as const;

/** Resolves in a new task: scheduler.yield() where the browser has it, else a timer. */
export function nextTask(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s && typeof s.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let loading: Promise<typeof import('./ChartCanvas')> | undefined;

/** The chart component's module, loaded once (a failed load is tried again on the next call). */
export function loadCanvas(): Promise<typeof import('./ChartCanvas')> {
  loading ??= (async () => {
    for (const step of STEPS) {
      await step();
      await nextTask();
    }
    return import('./ChartCanvas');
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
