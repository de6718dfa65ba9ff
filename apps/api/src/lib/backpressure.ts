import { type EventEmitter, once } from 'node:events';
import type { Response } from 'express';

/** The waits for each writer's next 'drain', served by one listener for the writer's whole life. */
const drainWaiters = new WeakMap<EventEmitter, Set<() => void>>();

/**
 * Resolves at the writer's next 'drain', or never once `signal` aborts (the wait is then forgotten). A writer gets
 * one 'drain' listener, added at its first wait and never removed: the compression middleware (lib/encoding.ts)
 * hands a response's 'drain' listeners to its zlib stream and cannot remove them from there
 * (expressjs/compression#135), so one listener per wait piled up on a compressed answer (Node warned past 10).
 */
function drained(writer: EventEmitter, signal: AbortSignal): Promise<void> {
  let waiters = drainWaiters.get(writer);
  if (!waiters) {
    const set = new Set<() => void>();
    writer.on('drain', () => {
      for (const wake of [...set]) wake();
      set.clear();
    });
    drainWaiters.set(writer, set);
    waiters = set;
  }
  const all = waiters;
  return new Promise<void>((resolve) => {
    all.add(resolve);
    signal.addEventListener('abort', () => all.delete(resolve), { once: true });
  });
}

/**
 * Until `writer` can take more ('drain') or the client has gone (`res` 'close'), whichever comes first. The
 * listener of the event that did not happen is removed: left behind, each wait added a 'close' and an 'error'
 * listener to the response (Node warned of a leak past 10 during a 100,000-row upload's answer). Waiting for
 * 'drain' alone never ends once the client has gone: the response stops reading, so the writer never drains.
 */
export async function roomOrGone(writer: EventEmitter, res: Response): Promise<void> {
  if (res.destroyed) return;
  const stop = new AbortController();
  try {
    await Promise.race([drained(writer, stop.signal), once(res, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}
