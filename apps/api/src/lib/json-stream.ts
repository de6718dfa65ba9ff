import { stringifyChunked } from '@discoveryjs/json-ext';
import type { Response } from 'express';
import { roomOrGone } from './backpressure';
import { pacer } from './yield';

/**
 * Writes `value` as JSON (the same bytes as JSON.stringify) in pieces of about 64 KB, waiting whenever the
 * client has not taken the last ones yet, then `after` (e.g. an NDJSON line's end). A 100,000-row upload's
 * answer is some 15 MB of JSON: built whole, it was a 15 MB string and a 15 MB Buffer at the moment the
 * upload's own memory was largest. The caller sets the status and type; nothing else is sent after it.
 */
export async function writeJsonInPieces(res: Response, value: unknown, after = ''): Promise<void> {
  // A client that keeps up would otherwise get the whole answer in one turn of the event loop (~0.2 s for 15 MB,
  // with every other request waiting): a socket that takes a piece at once reports 'drain' before the event loop
  // runs again.
  const pace = pacer();
  for (const piece of stringifyChunked(value, { highWaterMark: 64 * 1024 })) {
    if (!res.write(piece)) await roomOrGone(res, res);
    await pace();
    if (res.destroyed) return;
  }
  if (after) res.write(after);
}
