import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';

/*
 * JSON answers travel compressed. A checklists page is ~290 KB of JSON (each entry repeats its checklist in the
 * documented StartbirdingData shape); brotli brings it to ~33 KB: on a phone's or an office's weak link in Bhutan that
 * is most of the page's wait (0.5 s at 5 Mbit/s). It costs the API CPU on every computed answer (below), so kept
 * answers (lib/conditional-get.ts) are compressed once.
 */

/** The codings offered, best first. */
export type Coding = 'br' | 'gzip';

/** Below this many bytes an answer goes as it is (compression's own default threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli at quality 1: on a 290 KB checklists page 0.8 ms of CPU for 33 KB, where quality 4 (compression's
 * default) took 2.1 ms for 30 KB and gzip's default level 3.0 ms for 34 KB. Gzip (for clients without brotli, such
 * as the birders' app on Android) keeps zlib's default level: its answers are small, its links the weakest.
 */
const BROTLI_QUALITY = 1;
/**
 * zlib works through its input in chunks of this size, one trip to its thread pool each: at the default 16 KB,
 * brotli took 3.7 ms of CPU for that page instead of 0.8 ms.
 */
const CHUNK_BYTES = 64 * 1024;

const isJson = (res: Response) => /^application\/json\b/i.test(String(res.getHeader('Content-Type') ?? ''));

/**
 * Compresses JSON answers (`application/json` only) the client accepts compressed, with the maintained
 * `compression` middleware (brotli preferred, then gzip). Downloads (CSV, .xlsx, archives) and the upload's
 * progress lines (`application/x-ndjson`, which must reach the console as they are written) go as they are.
 * An answer already encoded (the answer cache's, lib/conditional-get.ts) is left alone.
 */
export const compressJson: RequestHandler = compression({
  filter: (_req, res) => isJson(res),
  threshold: COMPRESS_FROM_BYTES,
  chunkSize: CHUNK_BYTES,
  brotli: { chunkSize: CHUNK_BYTES, params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
});

/**
 * Negotiator 0.6.4 (compression's own) also takes the server's order for codings the client accepts equally; its
 * type definitions predate that second argument.
 */
const negotiate = Negotiator.prototype.encoding as (
  this: Negotiator,
  available: string[],
  preferred: string[],
) => string | undefined;

/** The coding this request accepts that we prefer (brotli, then gzip), as the compression middleware negotiates. */
export function acceptedCoding(req: Request): Coding | undefined {
  const coding = negotiate.call(new Negotiator(req), ['br', 'gzip', 'identity'], ['br', 'gzip']);
  return coding === 'br' || coding === 'gzip' ? coding : undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The body in this coding, compressed off the main thread (zlib's thread pool), as the middleware would. */
export function encode(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        chunkSize: CHUNK_BYTES,
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { chunkSize: CHUNK_BYTES });
}
