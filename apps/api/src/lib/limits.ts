import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { AppError } from './errors';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the API: points per window (seconds). Documented, with the reasons, in
 * docs/decisions.md ("Abuse limits (issue 9)"). A request is counted BEFORE the guarded work
 * (password check, mail) starts, so requests sent in parallel cannot get past a limit.
 */
export const LIMITS = {
  /** Sign-in guesses from one address for one account: the tight limit a stranger meets first. */
  loginAccountIp: { points: 5, duration: 15 * MINUTE },
  /** Sign-in guesses for one account from anywhere: stops guessing spread over many addresses. */
  loginAccount: { points: 30, duration: HOUR },
  /** Sign-in attempts from one address over every account (offices and schools share addresses). */
  loginIp: { points: 50, duration: 15 * MINUTE },
  /** Sign-up code guesses from one address (each code also dies after 5 wrong tries). */
  otpIp: { points: 30, duration: 15 * MINUTE },
  /** Password-reset link checks from one address (the links are 256-bit, this stops scanners). */
  resetLinkIp: { points: 30, duration: 15 * MINUTE },
  /** Console sign-ups (POST /auth/register) and mobile sign-ups from one address. */
  signupIp: { points: 10, duration: HOUR },
  /** Mails of any kind triggered from one address. */
  mailIp: { points: 20, duration: HOUR },
  /** Password-reset mails to one recipient (console and mobile routes share it). */
  mailResetRecipient: { points: 3, duration: HOUR },
  /** "Someone tried to sign up with your address" mails to one recipient (console register). */
  mailSignupNoticeRecipient: { points: 2, duration: HOUR },
} as const;

export type LimitName = keyof typeof LIMITS;

/** The shape of the one call rate-limiter-flexible makes on its store client. */
interface StoreQuery {
  text: string;
  values?: unknown[];
}

/**
 * PGlite speaks neither pg's Pool nor Client, but the library's PostgreSQL store only calls
 * `client.query({text, values, name})` and reads `rows` and `rowCount`: this adapter is that call.
 */
function pgliteStore(client: PGlite) {
  return {
    query: async (q: StoreQuery) => {
      const r = await client.query<Record<string, unknown>>(q.text, q.values);
      return { rows: r.rows, rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
    },
  };
}

function storeOf(database: Database): { storeClient: unknown; storeType: string } {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') return { storeClient: client as pg.Pool, storeType: 'pool' };
  return { storeClient: pgliteStore(client as PGlite), storeType: 'client' };
}

export type Limiters = Record<LimitName, RateLimiterPostgres>;

const byDatabase = new WeakMap<Database, Limiters>();

/** The limiters of a database (one set per database handle; the counters themselves live in its table). */
export function limitersFor(ctx: Pick<AppContext, 'database'>): Limiters {
  const cached = byDatabase.get(ctx.database);
  if (cached) return cached;
  const store = storeOf(ctx.database);
  const entries = Object.entries(LIMITS).map(([name, limit], i) => [
    name,
    new RateLimiterPostgres({
      ...store,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: name,
      points: limit.points,
      duration: limit.duration,
      // One limiter sweeps expired rows of the shared table every 5 minutes; the others need not.
      clearExpiredByTimeout: i === 0,
    }),
  ]);
  const limiters = Object.fromEntries(entries) as Limiters;
  byDatabase.set(ctx.database, limiters);
  return limiters;
}

/** The default answer when a limit is reached: 429 with Retry-After in whole seconds. */
export function rateLimited(msBeforeNext: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `${what} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Counts one attempt on each `[limiter, key]` in order and stops at the first that is over its limit
 * (later ones are not charged, so a stranger blocked per address does not use up the account's
 * allowance). Resolves to undefined when every limiter allowed it, else the refusal; store errors
 * (database down) are thrown.
 */
export async function consumeAll(
  steps: Array<[RateLimiterPostgres, string]>,
): Promise<RateLimiterRes | undefined> {
  for (const [limiter, key] of steps) {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) return err;
      throw err;
    }
  }
  return undefined;
}

/** consumeAll, throwing the 429 when refused. */
export async function consumeOrThrow(
  steps: Array<[RateLimiterPostgres, string]>,
  what: string,
): Promise<void> {
  const refused = await consumeAll(steps);
  if (refused) throw rateLimited(refused.msBeforeNext, what);
}

/** The caller's address as Express sees it (honouring TRUST_PROXY). */
export function clientIp(req: { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }) {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Limiter keys are at most 255 characters: long emails are cut (they are limited by schema anyway). */
export const limitKey = (...parts: string[]) => parts.join('|').toLowerCase().slice(0, 200);
