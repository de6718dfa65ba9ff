import { createHmac, randomInt } from 'node:crypto';
import path from 'node:path';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_SIGNUP_WINDOW_MINUTES,
  OTP_TTL_MINUTES,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { EmailVerificationRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadOrCreateSecret } from '../../lib/secrets';
import { randomToken, safeEqualHex } from '../../lib/tokens';
import { usersRepository } from '../users/users.repository';
import { accountExistsMail, codeMail } from './verification.mails';
import { verificationRepository as repo } from './verification.repository';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const keys = new WeakMap<AppContext, string>();
/** The server secret codes are keyed with: the JWT secret, as bootstrap resolves it. */
function secretOf(ctx: AppContext): string {
  let key = keys.get(ctx);
  if (!key) {
    key = ctx.env.jwtSecret ?? loadOrCreateSecret(path.resolve(ctx.env.dataDir));
    keys.set(ctx, key);
  }
  return key;
}

/**
 * Codes are stored as an HMAC keyed with the server secret and bound to the email: a copy of the
 * table alone does not let anyone try the million possible codes offline.
 */
function hashCode(ctx: AppContext, email: string, code: string): string {
  return createHmac('sha256', secretOf(ctx)).update(`email-verification:${email}:${code}`).digest('hex');
}

const noCode = () =>
  new AppError('BAD_REQUEST', 'No code was sent to this email, or it was used. Please ask for a new one.');

/**
 * Mails a new 6-digit code to the email (the previous one stops working). When the email already
 * has an account, the mail says so instead and carries no code; the answer is the same either way,
 * and the mail leaves after the response, so neither tells whether the account exists.
 * More than 5 sends per email per hour: 429 with Retry-After.
 */
export async function sendCode(ctx: AppContext, name: string, email: string): Promise<void> {
  const db = ctx.database.db;
  const existing = await usersRepository.findByEmail(db, email);
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  // An existing account gets a code nobody knows: attempts and send limits still count alike.
  const codeHash = hashCode(ctx, email, existing ? randomToken() : code);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE);
  const row = await repo.replaceCode(
    db,
    { email, name, codeHash, expiresAt, now },
    OTP_MAX_SENDS_PER_HOUR,
    HOUR,
  );
  if (!row) throw await tooManySends(ctx, email);
  const mail = existing ? accountExistsMail(existing.name, email) : codeMail(name, email, code);
  ctx.mailer.send(mail).catch((err: unknown) => ctx.logger.error({ err }, 'sign-up code mail failed'));
}

async function tooManySends(ctx: AppContext, email: string): Promise<AppError> {
  const row = await repo.find(ctx.database.db, email);
  const until = (row?.windowStartedAt.getTime() ?? Date.now()) + HOUR;
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many codes were sent to this email. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

type Outcome =
  | { ok: true }
  | { ok: false; reason: 'none' | 'dead' | 'expired' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number };

/**
 * Checks a code and marks the email verified. Wrong codes count (5 kill the code); checked with the
 * row locked, so guesses sent in parallel are counted one by one. A repeated right code after
 * verification succeeds again (a retry on a weak signal).
 */
export async function verifyCode(ctx: AppContext, email: string, otp: string): Promise<void> {
  const now = new Date();
  const outcome = await ctx.database.db.transaction(async (tx): Promise<Outcome> => {
    const row = await repo.lock(tx, email);
    if (!row) return { ok: false, reason: 'none' };
    const matches = safeEqualHex(row.codeHash, hashCode(ctx, email, otp));
    if (row.verifiedAt && matches) return { ok: true };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'dead' };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (!matches) {
      await repo.update(tx, email, { attempts: row.attempts + 1 });
      return { ok: false, reason: 'wrong', attemptsLeft: OTP_MAX_ATTEMPTS - row.attempts - 1 };
    }
    await repo.update(tx, email, { verifiedAt: now });
    return { ok: true };
  });
  if (outcome.ok) return;
  switch (outcome.reason) {
    case 'none':
      throw noCode();
    case 'dead':
      throw new AppError(
        'BAD_REQUEST',
        'Too many wrong codes: this code no longer works. Please ask for a new one.',
        { attemptsLeft: 0 },
      );
    case 'expired':
      throw new AppError('BAD_REQUEST', 'This code has expired. Please ask for a new one.');
    case 'wrong':
      throw new AppError(
        'BAD_REQUEST',
        outcome.attemptsLeft > 0
          ? `Wrong code. ${outcome.attemptsLeft} attempt${outcome.attemptsLeft === 1 ? '' : 's'} left.`
          : 'Wrong code. This code no longer works; please ask for a new one.',
        { attemptsLeft: outcome.attemptsLeft },
      );
  }
}

/** The verification a sign-up may use: verified, and not longer ago than the sign-up window. */
export async function verifiedFor(ctx: AppContext, email: string): Promise<EmailVerificationRow> {
  const row = await repo.find(ctx.database.db, email);
  if (!row?.verifiedAt) {
    throw new AppError(
      'BAD_REQUEST',
      'Please verify your email first: ask for a code and enter the code we mail you.',
    );
  }
  if (row.verifiedAt.getTime() < Date.now() - OTP_SIGNUP_WINDOW_MINUTES * MINUTE) {
    throw new AppError(
      'BAD_REQUEST',
      `Your email was verified more than ${OTP_SIGNUP_WINDOW_MINUTES} minutes ago. Please ask for a new code.`,
    );
  }
  return row;
}

/** Uses up the email's code once its account exists. */
export async function consumeVerification(ctx: AppContext, email: string): Promise<void> {
  await repo.delete(ctx.database.db, email);
}
