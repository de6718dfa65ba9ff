import { type EventEmitter, once } from 'node:events';
import type { Response } from 'express';

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
    await Promise.race([
      once(writer, 'drain', { signal: stop.signal }),
      once(res, 'close', { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}
