/**
 * Lets timers and I/O run before a long run of work goes on. PGlite answers queries without touching the
 * event loop (its promises settle as microtasks), so a loop of awaited statements would otherwise keep new
 * requests from even being read until it ends.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Work between two turns of the event loop in a paced loop (pacer): other requests wait at most about this. */
export const PACE_MS = 10;

/**
 * For a long synchronous loop inside a request (a 100,000-row upload's rows, a 15 MB answer): `await pace()`
 * in each round gives the event loop a turn once `budgetMs` of work has passed since the last one, so other
 * requests (and /healthz) are answered meanwhile instead of after the whole loop. Rounds in between cost one
 * clock read (nothing is awaited: `pace()` returns undefined).
 */
export function pacer(budgetMs = PACE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}

/** `items`, with the event loop given a turn between them whenever `budgetMs` of work has passed (pacer). */
export async function* paced<T>(items: Iterable<T>, budgetMs = PACE_MS): AsyncGenerator<T> {
  const pace = pacer(budgetMs);
  for (const item of items) {
    yield item;
    await pace();
  }
}
