/**
 * Lets timers and I/O run before a long run of work goes on. PGlite answers queries without touching the
 * event loop (its promises settle as microtasks), so a loop of awaited statements would otherwise keep new
 * requests from even being read until it ends.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
