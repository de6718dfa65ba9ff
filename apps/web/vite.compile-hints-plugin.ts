import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it downloads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Starts every script chunk with V8's compile hint. Without it, V8 compiles a function the first time it is called,
 * on the main thread, inside the task that calls it: drawing the dashboard's first chart, its first render of antd
 * components. With it, Chrome compiles the whole chunk on a background thread while the file streams in. A chunk is
 * loaded only when the console needs it (the router and the charts load theirs lazily), and then most of what it
 * holds runs, so compiling all of it is not wasted. Measured on the dashboard (412 px, CPU time of the main thread's
 * tasks after the first paint, times Lighthouse's 4× slowdown, summed above 50 ms each): 310-360 ms without, 122-242
 * ms with (docs/decisions.md). Other engines read it as a comment.
 *
 * After minification (which would drop the comment); a chunk with a source map is left alone, since the added line
 * would shift every mapping.
 */
export function compileHints(): Plugin {
  return {
    name: 'jarog-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || file.map || file.code.startsWith(COMPILE_HINT)) continue;
        file.code = `${COMPILE_HINT}\n${file.code}`;
      }
    },
  };
}
