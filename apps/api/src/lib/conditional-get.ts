import { createHash } from 'node:crypto';
import { bhutanToday } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '../db/client';

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

/** The version of the records, catalogue and birders: grows with every committed write (migration 0014). */
export async function readDataVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ version: sql<string>`coalesce(sum(${dataVersion.version}), 0)::text` })
    .from(dataVersion);
  return row?.version ?? '0';
}

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
 * Answers a repeated GET with 304 before its queries run, when nothing was written since the client's copy.
 * Mounted after the route's access guard, so a 304 is only ever given to someone allowed the 200. The version is
 * read before the answer is computed: a write that commits in between makes the next request compute again
 * (an extra 200), never a stale 304.
 */
export function conditionalGet(db: Db): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const tag = versionTag(await readDataVersion(db), req);
    res.setHeader('ETag', tag);
    if (matchesTag(req.headers['if-none-match'], tag)) {
      res.status(304).end();
      return;
    }
    next();
  };
}
