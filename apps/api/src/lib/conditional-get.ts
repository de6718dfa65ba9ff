import { createHash } from 'node:crypto';
import { bhutanToday } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { acceptedCoding, COMPRESS_FROM_BYTES, type Coding, encode } from './encoding';

/**
 * GET routes whose answer is computed only from the records, the catalogue and the birders (and today's date in
 * Bhutan), so the data version below vouches for them. The console polls some of them every 10 s (the dashboard's
 * Latest Sightings, the checklists list); the others are read on every visit of a page.
 */
export const VERSIONED_GET_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/entries',
  '/api/v1/checklists',
  '/api/v1/newspecies',
  '/api/v1/species/get-count',
  '/api/v1/birders-count',
  '/api/v1/checklists/get-count',
  '/api/v1/checklists/analyze/birdingsites-count',
  '/api/v1/checklists/analyze/district-species',
  '/api/v1/checklists/analyze/district-checklists',
  '/api/v1/checklists/analyze/species-count-months',
  '/api/v1/checklists/analyze/district-species-count',
  '/api/v1/checklists/analyze/birds-count-year',
  '/api/v1/checklists/:id',
  '/api/v1/birders',
  '/api/v1/birders/top',
  '/api/v1/birders/:id',
]);

/** Kept by the triggers of migration 0014 only; nothing else writes it. */
const dataVersion = pgTable('data_version', {
  shard: smallint('shard').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

/** Every versioned GET runs it before its own statements (db/prepared.ts). */
const versionStatement = preparedStatement('jarog_data_version', (db, name) =>
  db
    .select({ version: sql<string>`coalesce(sum(${dataVersion.version}), 0)::text` })
    .from(dataVersion)
    .prepare(name),
);

/** The version of the records, catalogue and birders: grows with every committed write (migration 0014). */
export async function readDataVersion(db: Db): Promise<string> {
  const [row] = await versionStatement(db).execute();
  return row?.version ?? '0';
}

const VERSION_LOCAL = 'jarogDataVersion';

/**
 * The data version conditionalGet read for this request, before its answer is computed: what the answer's
 * ETag names. Parts of the answer kept per version (records.values.ts) use it rather than reading it again.
 */
export const dataVersionOf = (res: Response): string | undefined => {
  const version: unknown = res.locals[VERSION_LOCAL];
  return typeof version === 'string' ? version : undefined;
};

/** A weak validator of one answer: the data version, Bhutan's date, the path and query, and who may read it. */
export function versionTag(version: string, req: Request): string {
  const key = createHash('sha256')
    .update(`${req.originalUrl}\n${req.auth?.userType ?? 'anonymous'}`)
    .digest('base64url')
    .slice(0, 16);
  return `W/"d${version}-${bhutanToday()}-${key}"`;
}

/** True when the If-None-Match header names the tag (or `*`); weak comparison, as RFC 9110 asks for GET. */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(tag));
}

/**
 * One computed answer: its JSON text, kept under the validator it was computed for, and its compressed forms,
 * each made the first time a client accepting it asks (requests arriving together share one compression).
 */
interface CachedAnswer {
  body: Buffer;
  encoded: Partial<Record<Coding, Promise<Buffer>>>;
}

/**
 * Answers computed under a validator (versionTag), in this process's memory. The tag holds the shared data
 * version read from PostgreSQL on every request, so an answer is found only while nothing has been written
 * since it was computed: a write in any process makes every earlier answer unreachable (they age out of the
 * LRU). Processes never disagree, they only each compute an answer once per version. Bounded in bytes.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, CachedAnswer> | undefined;

  constructor(maxBytes: number) {
    this.lru =
      maxBytes > 0
        ? new LRUCache<string, CachedAnswer>({
            maxSize: maxBytes,
            // An answer larger than an eighth of the cache is computed every time rather than flush the rest.
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
            // The compressed forms are about a tenth of the JSON each (lib/encoding.ts).
            sizeCalculation: (v, k) => Math.ceil(v.body.length * 1.25) + k.length + 64,
          })
        : undefined;
  }

  get(tag: string): CachedAnswer | undefined {
    return this.lru?.get(tag);
  }

  /** Keeps the answer when it fits; returns it, kept or not, to be sent. */
  set(tag: string, body: Buffer): CachedAnswer {
    const answer: CachedAnswer = { body, encoded: {} };
    if (this.lru && Math.ceil(body.length * 1.25) <= (this.lru.maxEntrySize ?? 0)) this.lru.set(tag, answer);
    return answer;
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }
}

/** A request that asks for a fresh computation (a browser's hard reload sends this; RFC 9111 §5.2.1.4). */
const wantsFresh = (req: Request) => /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '');

/**
 * Answers a repeated GET with 304 before its queries run, when nothing was written since the client's copy;
 * and any client's repeat of an answer already computed under the same validator from `cache` (unless it sends
 * `Cache-Control: no-cache`). Mounted after the route's access guard, so neither is ever given to someone not
 * allowed the 200; the validator names the reader's role, and these answers depend on nothing else of theirs.
 * The version is read before the answer is computed: a write that commits in between makes the next request
 * compute again (an extra 200), never a stale answer.
 */
export function conditionalGet(db: Db, cache?: ResponseCache): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const version = await readDataVersion(db);
    res.locals[VERSION_LOCAL] = version;
    const tag = versionTag(version, req);
    res.setHeader('ETag', tag);
    if (matchesTag(req.headers['if-none-match'], tag)) {
      res.status(304).end();
      return;
    }
    if (!cache?.enabled) {
      next();
      return;
    }
    const hit = wantsFresh(req) ? undefined : cache.get(tag);
    if (hit) {
      res.setHeader('X-Cache', 'hit');
      await sendAnswer(req, res, hit);
      return;
    }
    // Keeps the answer as it is sent: JSON, 200 only (errors and CSV downloads are never kept).
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return json(body);
      const answer = cache.set(tag, Buffer.from(JSON.stringify(body) ?? 'null', 'utf8'));
      res.setHeader('X-Cache', 'miss');
      sendAnswer(req, res, answer).catch(next);
      return res;
    };
    next();
  };
}

/**
 * Sends a kept answer in the coding the client accepts (lib/encoding.ts), compressing it once per coding. The
 * compression middleware leaves an answer with a Content-Encoding alone, so it is never compressed twice.
 */
async function sendAnswer(req: Request, res: Response, answer: CachedAnswer): Promise<void> {
  res.vary('Accept-Encoding');
  const coding = answer.body.length >= COMPRESS_FROM_BYTES ? acceptedCoding(req) : undefined;
  if (!coding) {
    res.type('application/json').send(answer.body);
    return;
  }
  let encoded = answer.encoded[coding];
  if (!encoded) {
    encoded = encode(answer.body, coding);
    answer.encoded[coding] = encoded;
  }
  let body: Buffer;
  try {
    body = await encoded;
  } catch {
    // Not kept: the next request compresses again. This one goes as it is.
    delete answer.encoded[coding];
    res.type('application/json').send(answer.body);
    return;
  }
  res.setHeader('Content-Encoding', coding);
  res.type('application/json').send(body);
}
