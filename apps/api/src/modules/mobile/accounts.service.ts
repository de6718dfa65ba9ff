import type {
  MobileLoginBodySchema,
  MobileSessionResponse,
  MobileSignupBodySchema,
  MobileUser,
  UpdateMeBodySchema,
  UpdateMyPasswordBodySchema,
} from '@jarog/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { FailureLimiter } from '../../lib/rate-limit';
import { checkCredentials, loginLimitersFor } from '../auth/auth.service';
import { recordActivity } from '../notifications/notifications.service';
import { createResetLimiter, requestReset } from '../password-reset/password-reset.service';
import { usersRepository } from '../users/users.repository';
import { createAccount, storeProfilePhoto, updatePassword } from '../users/users.service';
import { toMobileUser } from './mobile.mapper';
import { consumeVerification, verifiedFor } from './verification.service';

type SignupInput = z.output<typeof MobileSignupBodySchema>;
type LoginInput = z.output<typeof MobileLoginBodySchema>;
type UpdateMeInput = z.output<typeof UpdateMeBodySchema>;
type PasswordInput = z.output<typeof UpdateMyPasswordBodySchema>;

/** The mobile app's session envelope: a fresh token and the account. */
export function session(ctx: AppContext, user: UserRow): MobileSessionResponse {
  return {
    status: 'success',
    token: ctx.tokens.sign(user.id, user.tokenVersion),
    data: { user: toMobileUser(user) },
  };
}

/**
 * Creates a birder's `user` account for an email verified in the last 30 minutes, with the name given
 * at verification, and uses up the code. 400 without a verification, 409 when the email has an account.
 */
export async function signup(ctx: AppContext, body: SignupInput): Promise<MobileSessionResponse> {
  const verification = await verifiedFor(ctx, body.email);
  const user = await createAccount(ctx, null, {
    name: verification.name,
    email: body.email,
    password: body.password,
    userType: 'user',
    country: body.country,
    dob: body.dob,
    profession: body.profession ?? null,
  });
  await consumeVerification(ctx, body.email);
  return session(ctx, user);
}

/**
 * Mobile sign-in: the console's throttling and checks (429, 401 alike for a wrong email or password,
 * 403 when deactivated), open to birders as well as admins.
 */
export async function mobileLogin(
  ctx: AppContext,
  body: LoginInput,
  ip: string,
): Promise<MobileSessionResponse> {
  return session(ctx, await checkCredentials(ctx, loginLimitersFor(ctx), body, ip));
}

const GOOGLE_REFUSAL = 'You cannot update your google account';

/** Changes only the fields sent; a photo replaces the old one, `photo: null` removes it. */
export async function updateMe(ctx: AppContext, actor: UserRow, body: UpdateMeInput): Promise<MobileUser> {
  if (Object.values(body).every((v) => v === undefined || v === '')) {
    throw new AppError('BAD_REQUEST', 'Nothing to update: send name, country, dob, profession or photo');
  }
  if (actor.googleId) throw new AppError('BAD_REQUEST', GOOGLE_REFUSAL);
  const patch: Partial<NewUserRow> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.country !== undefined) patch.country = body.country;
  if (body.dob !== undefined) patch.dob = body.dob;
  if (body.profession !== undefined) patch.profession = body.profession;
  if (body.photo === null) patch.profileUrl = null;
  else if (body.photo) patch.profileUrl = await storeProfilePhoto(ctx, actor.id, body.photo);
  const updated = await ctx.database.db.transaction(async (tx) => {
    const row = await usersRepository.update(tx, actor.id, patch);
    if (!row) throw notFound('User');
    const fields = Object.keys(patch).map((k) => (k === 'profileUrl' ? 'photo' : k));
    await recordActivity(tx, actor, `${row.email} updated their profile (${fields.join(', ')})`);
    return row;
  });
  if (patch.profileUrl !== undefined && actor.profileUrl) await ctx.storage.deleteByUrl(actor.profileUrl);
  return toMobileUser(updated);
}

/** Checks the current password, sets the new one, signs out every device and hands back a fresh token. */
export async function updateMyPassword(
  ctx: AppContext,
  actor: UserRow,
  body: PasswordInput,
): Promise<MobileSessionResponse> {
  await updatePassword(ctx, actor, actor.id, {
    oldPassword: body.passwordCurrent,
    newPassword: body.password,
  });
  const fresh = await usersRepository.findById(ctx.database.db, actor.id);
  if (!fresh) throw notFound('User');
  return session(ctx, fresh);
}

const resetLimiters = new WeakMap<AppContext, FailureLimiter>();
/** The console's password reset: same mail, same answer whether or not the email has an account. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  let limiter = resetLimiters.get(ctx);
  if (!limiter) {
    limiter = createResetLimiter();
    resetLimiters.set(ctx, limiter);
  }
  await requestReset(ctx, limiter, email);
}
