import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passwordResets } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { consumeAll, consumeOrThrow, limitersFor, limitKey } from '../../lib/limits';
import { escapeHtml, plainName } from '../../lib/mail-text';
import { hashPassword } from '../../lib/passwords';
import { randomToken, safeEqualHex, sha256 } from '../../lib/tokens';
import { recordActivity } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUEST_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password. The link works for 1 hour.';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.';

/**
 * Sends a reset link when the email belongs to an active account. Answers identically either way,
 * and the mail goes out after the response so timing does not tell whether the account exists.
 * Shared by the console's and the mobile app's routes, so they share one per-recipient limit
 * (3 an hour; over it, no mail and the same answer) and the per-address mail limit (429).
 */
export async function requestReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const limiters = limitersFor(ctx);
  await consumeOrThrow([[limiters.mailIp, ip]], 'Too many mails were asked for from this address.');
  if (await consumeAll([[limiters.mailResetRecipient, limitKey(email)]])) return;
  const user = await usersRepository.findByEmail(ctx.database.db, email);
  if (!user || user.isDeactivated) return;
  const token = randomToken();
  const [row] = await ctx.database.db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) })
    .returning({ id: passwordResets.id });
  if (!row) return;
  const link = `${ctx.env.publicWebUrl}/password-reset/${row.id}/${token}`;
  ctx.mailer
    .send({
      to: user.email,
      subject: 'Reset your Jarog password',
      text: `Hello ${plainName(user.name)},\n\nSomeone (hopefully you) asked to reset the password of your Jarog account.\nOpen this link within 1 hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this mail; your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(plainName(user.name))},</p><p>Someone (hopefully you) asked to reset the password of your Jarog account. Open this link within 1 hour to choose a new password:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, you can ignore this mail; your password stays as it is.</p>`,
    })
    .catch((err: unknown) => ctx.logger.error({ err, userId: user.id }, 'password reset mail failed'));
}

/** The unused, unexpired reset a link points at, or a 400 that says the link is no good. */
async function findValidReset(ctx: AppContext, id: string, token: string) {
  if (!isUuid(id) || token.length < 20 || token.length > 200) throw new AppError('BAD_REQUEST', INVALID_LINK);
  const [row] = await ctx.database.db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .limit(1);
  if (!row || row.expiresAt.getTime() < Date.now() || !safeEqualHex(row.tokenHash, sha256(token))) {
    throw new AppError('BAD_REQUEST', INVALID_LINK);
  }
  return row;
}

/** Counts a check of a reset link from an address before the link is looked at (30 per 15 minutes). */
export async function countLinkCheck(ctx: AppContext, ip: string): Promise<void> {
  await consumeOrThrow([[limitersFor(ctx).resetLinkIp, ip]], 'Too many password reset links were tried.');
}

export async function verifyReset(ctx: AppContext, id: string, token: string): Promise<void> {
  await findValidReset(ctx, id, token);
}

/** Sets the new password, uses up every open link of the account and signs it out everywhere. */
export async function completeReset(
  ctx: AppContext,
  id: string,
  token: string,
  password: string,
): Promise<void> {
  const reset = await findValidReset(ctx, id, token);
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!used.some((u) => u.id === reset.id)) throw new AppError('BAD_REQUEST', INVALID_LINK);
    const user = await usersRepository.update(tx, reset.userId, { passwordHash });
    if (!user) throw new AppError('BAD_REQUEST', INVALID_LINK);
    await usersRepository.revokeTokens(tx, user.id);
    await recordActivity(tx, { id: user.id, email: user.email }, `${user.email} reset their password`);
  });
}
