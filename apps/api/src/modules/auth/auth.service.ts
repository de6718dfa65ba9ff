import type { LoginBody, LoginResponse, RegisterBody } from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { FailureLimiter } from '../../lib/rate-limit';
import { toCurrentUser } from '../users/users.mapper';
import { usersRepository } from '../users/users.repository';
import { createAccount } from '../users/users.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Per-account and per-address failure counters for sign-in (one set per app instance). */
export function createLoginLimiters() {
  return {
    perAccount: new FailureLimiter(5, FIFTEEN_MINUTES),
    perIp: new FailureLimiter(20, FIFTEEN_MINUTES),
  };
}
export type LoginLimiters = ReturnType<typeof createLoginLimiters>;

const limitersByApp = new WeakMap<AppContext, LoginLimiters>();
/** The app's one set of sign-in counters, shared by the console's and the mobile app's login. */
export function loginLimitersFor(ctx: AppContext): LoginLimiters {
  let limiters = limitersByApp.get(ctx);
  if (!limiters) {
    limiters = createLoginLimiters();
    limitersByApp.set(ctx, limiters);
  }
  return limiters;
}

function throttled(seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

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
export async function login(
  ctx: AppContext,
  limiters: LoginLimiters,
  body: LoginBody,
  ip: string,
): Promise<LoginResponse> {
  const user = await checkCredentials(ctx, limiters, body, ip);
  if (user.userType === 'user') {
    throw new AppError('NOT_ADMIN', 'This account is not an admin of the platform');
  }
  return issueSession(ctx, user);
}

/**
 * Email and password checked with throttling, shared by the console's and the mobile app's login:
 * returns the active account, or throws 429, 401 (wrong email or password alike) or 403 (deactivated).
 */
export async function checkCredentials(
  ctx: AppContext,
  limiters: LoginLimiters,
  body: LoginBody,
  ip: string,
): Promise<UserRow> {
  const wait = Math.max(limiters.perAccount.retryAfter(body.email), limiters.perIp.retryAfter(ip));
  if (wait > 0) throw throttled(wait);
  const user = await usersRepository.findByEmail(ctx.database.db, body.email);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) {
    limiters.perAccount.fail(body.email);
    limiters.perIp.fail(ip);
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  limiters.perAccount.reset(body.email);
  if (user.isDeactivated) {
    throw new AppError('ACCOUNT_DEACTIVATED', 'This account is deactivated and cannot be used to sign in');
  }
  return user;
}

/** Signs the account out everywhere: every token issued so far stops working. */
export async function logout(ctx: AppContext, user: UserRow): Promise<void> {
  await usersRepository.revokeTokens(ctx.database.db, user.id);
}

/** Self-service sign-up: creates a plain `user` account, which an admin may later promote. */
export async function register(ctx: AppContext, body: RegisterBody): Promise<UserRow> {
  return createAccount(ctx, null, { ...body, userType: 'user' });
}
