/**
 * Keeps a long-lived child process running: when it exits for any reason other than our own stop,
 * it is started again after a backoff (0.5 s, 1 s, 2 s, … up to 30 s). A child that stayed up for a
 * minute counts as healthy again, so the next failure waits only 0.5 s. Node's own modules only, as
 * scripts/run.mjs must run on a fresh clone.
 */

export const DEFAULT_BACKOFF = { initialMs: 500, factor: 2, maxMs: 30_000, healthyAfterMs: 60_000 };

/** Delay before restart number `attempt` (0-based since the last healthy run). */
export function backoffDelay(attempt, backoff = DEFAULT_BACKOFF) {
  return Math.min(backoff.maxMs, backoff.initialMs * backoff.factor ** attempt);
}

/**
 * @param {object} opts
 * @param {() => import('node:child_process').ChildProcess} opts.start starts one run of the child
 * @param {(event: {code: number|null, signal: string|null, delayMs: number, restarts: number}) => void} [opts.onRestart]
 *   told before each restart is scheduled
 * @param {Partial<typeof DEFAULT_BACKOFF>} [opts.backoff]
 */
export function supervise({ start, onRestart = () => {}, backoff = {} }) {
  const policy = { ...DEFAULT_BACKOFF, ...backoff };
  let stopped = false;
  let attempt = 0;
  let restarts = 0;
  let timer;
  let current;

  const launch = () => {
    const startedAt = Date.now();
    const child = start();
    current = child;
    let handled = false;
    const onEnd = (code, signal) => {
      if (handled) return;
      handled = true;
      if (stopped) return;
      if (Date.now() - startedAt >= policy.healthyAfterMs) attempt = 0;
      const delayMs = backoffDelay(attempt, policy);
      attempt += 1;
      restarts += 1;
      onRestart({ code, signal, delayMs, restarts });
      timer = setTimeout(launch, delayMs);
    };
    child.on('exit', onEnd);
    // A child that cannot even be spawned reports 'error' and may never report 'exit'.
    child.on('error', () => onEnd(null, null));
  };
  launch();

  return {
    /** The child of the current run. */
    get child() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    /** No more restarts; the caller stops the current child. */
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
