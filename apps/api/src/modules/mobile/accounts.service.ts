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
import { consumeOrThrow, limitersFor } from '../../lib/limits';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { checkPhotoUrl, isWebAddress } from '../../lib/photo-hosts';
import { checkCredentials } from '../auth/auth.service';
import { recordActivity } from '../notifications/notifications.service';
import { requestReset } from '../password-reset/password-reset.service';
import { usersRepository } from '../users/users.repository';
import { createAccount, storeProfilePhoto } from '../users/users.service';
import { toMobileUser } from './mobile.mapper';
import { sessionsRepository } from './sessions';
import { consumeVerification, verifiedFor } from './verification.service';

type SignupInput = z.output<typeof MobileSignupBodySchema>;
type LoginInput = z.output<typeof MobileLoginBodySchema>;
type UpdateMeInput = z.output<typeof UpdateMeBodySchema>;
type PasswordInput = z.output<typeof UpdateMyPasswordBodySchema>;

/** The mobile app's session envelope: a token of a new app session, and the account. */
export async function session(ctx: AppContext, user: UserRow): Promise<MobileSessionResponse> {
  const row = await sessionsRepository.open(ctx.database.db, user);
  return {
    status: 'success',
    token: ctx.tokens.sign(user.id, user.tokenVersion, row.id),
    data: { user: toMobileUser(user) },
  };
}

/**
 * Creates a birder's `user` account for an email verified in the last 30 minutes, with the name given
 * at verification, and uses up the code. 400 without a verification, 409 when the email has an account.
 */
export async function signup(
  ctx: AppContext,
  email: string,
  body: SignupInput,
  ip: string,
): Promise<MobileSessionResponse> {
  await consumeOrThrow([[limitersFor(ctx).signupIp, ip]], 'Too many sign-ups from this address.');
  const verification = await verifiedFor(ctx, email);
  const user = await createAccount(ctx, null, {
    name: verification.name,
    email,
    password: body.password,
    userType: 'user',
    country: body.country,
    dob: body.dob ?? null,
    profession: body.profession ?? null,
  });
  await consumeVerification(ctx, email);
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
  return session(ctx, await checkCredentials(ctx, body, ip));
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
  else if (body.photo && isWebAddress(body.photo)) {
    patch.profileUrl = checkPhotoUrl(body.photo, ctx.env.photoUrlHosts, 'Photo');
  } else if (body.photo) patch.profileUrl = await storeProfilePhoto(ctx, actor.id, body.photo);
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

/**
 * Checks the current password (a wrong one is 401, the only answer the app recognises), sets the new
 * one and ends every other session and token of the account. The session that made the change stays
 * signed in (the app keeps using its old token); a token without a session gets a new one.
 */
export async function updateMyPassword(
  ctx: AppContext,
  actor: UserRow,
  sessionId: string | undefined,
  body: PasswordInput,
): Promise<MobileSessionResponse> {
  if (actor.googleId) throw new AppError('BAD_REQUEST', 'You cannot change the password of a Google account');
  if (!(await verifyPassword(actor.passwordHash, body.passwordCurrent))) {
    throw new AppError('INVALID_CREDENTIALS', 'Your current password is wrong');
  }
  const passwordHash = await hashPassword(body.password);
  const kept = await ctx.database.db.transaction(async (tx) => {
    await usersRepository.update(tx, actor.id, { passwordHash });
    await usersRepository.revokeTokens(tx, actor.id);
    const fresh = await usersRepository.findById(tx, actor.id);
    if (!fresh) throw notFound('User');
    await recordActivity(tx, actor, `${actor.email} changed their password`);
    // The bumped token version already ends every session; the caller's moves to the new version.
    const same =
      sessionId !== undefined &&
      (await sessionsRepository.keepOnly(tx, actor.id, sessionId, fresh.tokenVersion));
    return { user: fresh, sessionId: same ? sessionId : undefined };
  });
  if (!kept.sessionId) return session(ctx, kept.user);
  return {
    status: 'success',
    token: ctx.tokens.sign(kept.user.id, kept.user.tokenVersion, kept.sessionId),
    data: { user: toMobileUser(kept.user) },
  };
}

/** The mobile app's password reset: the console's, with its limits and its answer. */
export async function forgotPassword(ctx: AppContext, email: string, ip: string): Promise<void> {
  await requestReset(ctx, email, ip);
}
