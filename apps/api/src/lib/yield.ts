/**
 * Lets timers and I/O run before a long run of work goes on. PGlite answers queries without touching the
 * event loop (its promises settle as microtasks), so a loop of awaited statements would otherwise keep new
 * requests from even being read until it ends.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Work between two turns of the event loop in a paced loop (pacer): other requests wait at most about this. */
export const PACE_MS = 10;

/**
 * The stretch of paced work under way, shared by all paced loops: when it began (a loop's first round, or its
 * return from a turn given) and when a round last ran. A loop that starts within a budget of another's last
 * round counts from that stretch's beginning, so loops that follow one another in one turn (an upload's rows
 * into drafts, then the drafts into keys) share one budget. With a clock per loop each started a budget of its
 * own, and an upload kept other requests waiting 20-30 ms where two or three loops followed one another. Should
 * a turn have come between them after all (a database answer awaited), the new loop gives one turn early.
 */
let stretchBegan = 0;
let lastRound = Number.NEGATIVE_INFINITY;

/**
 * For a long synchronous loop inside a request (a 100,000-row upload's rows, a 15 MB answer): `await pace()`
 * in each round gives the event loop a turn once `budgetMs` of work has passed since the last one, so other
 * requests (and /healthz) are answered meanwhile instead of after the whole loop. Rounds in between cost one
 * clock read (nothing is awaited: `pace()` returns undefined).
 */
export function pacer(budgetMs = PACE_MS): () => Promise<void> | undefined {
  const start = performance.now();
  if (start - lastRound >= budgetMs) stretchBegan = start;
  return () => {
    const now = performance.now();
    lastRound = now;
    if (now - stretchBegan < budgetMs) return undefined;
    return yieldToEventLoop().then(() => {
      stretchBegan = lastRound = performance.now();
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
