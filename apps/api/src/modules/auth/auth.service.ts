import type { LoginBody, LoginResponse, RegisterBody } from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeAll, consumeOrThrow, limitersFor, limitKey, rateLimited } from '../../lib/limits';
import { hashPassword, isLegacyHash, verifyPassword } from '../../lib/passwords';
import { accountExistsMail } from '../mobile/verification.mails';
import { toCurrentUser } from '../users/users.mapper';
import { usersRepository } from '../users/users.repository';
import { createAccount } from '../users/users.service';

/** Issues a session for an account that may use the console. */
export function issueSession(ctx: AppContext, user: UserRow): LoginResponse {
  return {
    message: 'Signed in successfully',
    token: ctx.tokens.sign(user.id, user.tokenVersion),
    user: toCurrentUser(user),
  };
}

/**
 * Console sign-in. Wrong email and wrong password answer alike; repeated failures are throttled
 * per account and per address; deactivated and plain `user` accounts are told so only after the
 * right password.
 */
export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<LoginResponse> {
  const user = await checkCredentials(ctx, body, ip);
  if (user.userType === 'user') {
    throw new AppError('NOT_ADMIN', 'This account is not an admin of the platform');
  }
  return issueSession(ctx, user);
}

/**
 * Email and password checked with throttling, shared by the console's and the mobile app's login:
 * returns the active account, or throws 429, 401 (wrong email or password alike) or 403 (deactivated).
 *
 * The attempt is counted before the password is checked (per address, per account and address,
 * per account, in that order, stopping at the first refusal), so however many guesses arrive at
 * once, at most the limit are checked. A right password frees its account-and-address counter.
 */
export async function checkCredentials(ctx: AppContext, body: LoginBody, ip: string): Promise<UserRow> {
  const limiters = limitersFor(ctx);
  const account = limitKey(body.email.trim());
  const refused = await consumeAll([
    [limiters.loginIp, ip],
    [limiters.loginAccountIp, limitKey(account, ip)],
    [limiters.loginAccount, account],
  ]);
  if (refused) throw rateLimited(refused.msBeforeNext, 'Too many sign-in attempts.');
  const user = await usersRepository.findByEmail(ctx.database.db, body.email);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  await Promise.all([
    limiters.loginAccountIp.delete(limitKey(account, ip)),
    limiters.loginAccount.reward(account, 1),
  ]);
  if (isLegacyHash(user.passwordHash)) {
    // An account from the old server (npm run import:legacy): its hash did its one job; argon2id from now on.
    await usersRepository.update(ctx.database.db, user.id, {
      passwordHash: await hashPassword(body.password),
    });
  }
  if (user.isDeactivated) {
    throw new AppError('ACCOUNT_DEACTIVATED', 'This account is deactivated and cannot be used to sign in');
  }
  return user;
}

/** Signs the account out everywhere: every token issued so far stops working. */
export async function logout(ctx: AppContext, user: UserRow): Promise<void> {
  await usersRepository.revokeTokens(ctx.database.db, user.id);
}

/** The one answer to a console sign-up, whether or not the email already had an account. */
export const REGISTER_MESSAGE =
  'Thank you. If this email is new, its account is created and you can sign in once an administrator has given you access. If it already has an account, we have mailed its owner.';

/**
 * Self-service sign-up: creates a plain `user` account, which an admin may later promote. At most
 * 10 per address per hour. The answer is the same when the email already has an account (the owner
 * gets a mail saying someone tried), so the form does not tell who has an account; the password is
 * hashed either way so the time taken does not tell either.
 */
export async function register(ctx: AppContext, body: RegisterBody, ip: string): Promise<void> {
  const limiters = limitersFor(ctx);
  await consumeOrThrow([[limiters.signupIp, ip]], 'Too many sign-ups from this address.');
  const email = body.email.trim().toLowerCase();
  const existing = await usersRepository.findByEmail(ctx.database.db, email);
  if (!existing) {
    try {
      await createAccount(ctx, null, { ...body, userType: 'user' });
      return;
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
  } else {
    await hashPassword(body.password);
  }
  const owner = existing ?? (await usersRepository.findByEmail(ctx.database.db, email));
  if (!owner) return;
  // Over a mail limit: no mail, and still the same answer (a 429 here would say the account exists).
  const refused = await consumeAll([
    [limiters.mailIp, ip],
    [limiters.mailSignupNoticeRecipient, limitKey(email)],
  ]);
  if (refused) return;
  ctx.mailer
    .send(accountExistsMail(owner.name, owner.email))
    .catch((err: unknown) => ctx.logger.error({ err, userId: owner.id }, 'sign-up notice mail failed'));
}
