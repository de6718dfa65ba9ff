import { createHash } from 'node:crypto';
import { IdempotencyKeySchema } from '@jarog/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { parse } from '../../middleware/validate';
import { idempotencyRepository as repo } from './idempotency.repository';

/** How long a stored answer to an Idempotency-Key is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A request that came with an Idempotency-Key: who sent it, the key, and a hash of what was asked. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  requestHash: string;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's key and hash, or undefined when no Idempotency-Key header came. `operation` (e.g.
 * `POST /api/v1/species`) is part of the hash, so a key reused on another route is a different request;
 * the mobile checkList upload hashes the body alone, as it always has.
 */
export function idempotentRequest(
  userId: string,
  header: string | undefined,
  body: unknown,
  operation?: string,
): IdempotentRequest | undefined {
  if (header === undefined) return undefined;
  const key = parse(IdempotencyKeySchema, header);
  const text = operation ? `${operation}\n${stableJson(body)}` : stableJson(body);
  return { userId, key, requestHash: createHash('sha256').update(text).digest('hex') };
}

/** The first answer to this key, thrown from inside a write so the write is rolled back and replayed. */
export class Replay extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('replay');
  }
}

/** The stored answer for this request, or undefined; a 422 when the key came with another body. */
export async function storedAnswer(q: Db | Tx, r: IdempotentRequest): Promise<Replay | undefined> {
  const row = await repo.find(q, r.userId, r.key);
  if (!row || Date.now() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS) return undefined;
  if (row.requestHash !== r.requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request; send a new key for a new request',
    );
  }
  return new Replay(row.statusCode, row.response);
}

/**
 * First thing inside the write transaction: waits for another request with the same key to finish,
 * and throws its answer as a Replay if it committed one.
 */
export async function claim(tx: Tx, r: IdempotentRequest): Promise<void> {
  await repo.lock(tx, r.userId, r.key);
  const late = await storedAnswer(tx, r);
  if (late) throw late;
}

/** Last thing inside the write transaction: the answer commits together with what it reports. */
export async function remember(
  tx: Tx,
  r: IdempotentRequest,
  statusCode: number,
  body: unknown,
): Promise<void> {
  await repo.prune(tx, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
  await repo.save(tx, { ...r, statusCode, response: body });
}

export interface Answer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs a create at most once per Idempotency-Key: a stored answer is replayed before anything runs,
 * and a Replay thrown by `claim` inside the write (a concurrent twin finished first) is replayed too.
 * `run` must call `claim` and `remember` inside its transaction when `r` is given.
 */
export async function once<T>(
  db: Db,
  r: IdempotentRequest | undefined,
  run: () => Promise<{ statusCode: number; body: T }>,
): Promise<Answer<T>> {
  const replay = (x: Replay): Answer<T> => ({ statusCode: x.statusCode, body: x.body as T, replayed: true });
  if (r) {
    const early = await storedAnswer(db, r);
    if (early) return replay(early);
  }
  try {
    return { ...(await run()), replayed: false };
  } catch (err) {
    if (err instanceof Replay) return replay(err);
    // A twin with the same key may have committed between our first look and a check made outside
    // the transaction (e.g. "name taken"): its answer is the right one for us too.
    if (r && err instanceof AppError && err.status < 500) {
      const late = await storedAnswer(db, r);
      if (late) return replay(late);
    }
    throw err;
  }
}
