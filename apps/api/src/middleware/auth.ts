import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { sessionIsLive, sessionsRepository } from '../modules/mobile/sessions';
import { usersRepository } from '../modules/users/users.repository';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in account, set by the access guard. */
      auth?: UserRow;
      /** The app session the caller's token or cookie belongs to, when it belongs to one. */
      sessionId?: string;
    }
  }
}

/**
 * Who may call a route. Every route declares one (deny by default):
 * - public: anyone;
 * - signed-in: any active account with a valid token (including plain `user` accounts);
 * - admin: admin-user or root-user;
 * - root: root-user only.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'root';

/** Per-route options of the guard. */
export interface GuardOptions {
  /**
   * The birders' app routes: with no Authorization header at all, the httpOnly session cookie set at
   * sign-in is accepted instead of a bearer token, and writes carrying a body must be JSON (no
   * cross-site form can send JSON; see docs/decisions.md). Console routes never set this.
   */
  sessionCookie?: boolean;
}

/** The httpOnly cookie the birders' app carries instead of a token (same JWT, same lifetime). */
export const SESSION_COOKIE = 'jarog_session';

function bearer(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || undefined;
}

/** Resolves the token to an active account, or throws the 401/403 the console acts on. */
export async function authenticate(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ user: UserRow; sessionId?: string }> {
  if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  const claims = ctx.tokens.verify(token);
  // Made only when thrown: an Error captures a stack trace, which every signed-in request would pay for.
  const expired = () => new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
  if (!claims || !isUuid(claims.sub)) throw expired();
  const user = await usersRepository.findById(ctx.database.db, claims.sub);
  if (!user) throw expired();
  if (user.isDeactivated) {
    throw new AppError('ACCOUNT_DEACTIVATED', 'This account is deactivated and cannot be used to sign in');
  }
  if (claims.sid === undefined) {
    if (user.tokenVersion !== claims.tv) throw expired();
    return { user };
  }
  // An app session's token stays valid while its session does (a password change made with it
  // moves the session to the new token version and ends every other one).
  const session = isUuid(claims.sid) ? await sessionsRepository.find(ctx.database.db, claims.sid) : undefined;
  if (!sessionIsLive(session, user)) throw expired();
  return { user, sessionId: claims.sid };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The credential of a request: the bearer token, or on app routes without any Authorization header, the cookie. */
function credential(req: Request, opts: GuardOptions): string | undefined {
  if (req.get('authorization') !== undefined || !opts.sessionCookie) return bearer(req);
  const cookie: unknown = req.cookies?.[SESSION_COOKIE];
  if (typeof cookie !== 'string' || cookie === '') return undefined;
  if (BODY_METHODS.has(req.method) && !req.is('application/json')) {
    throw new AppError(
      'JSON_REQUIRED',
      'Send this request as JSON (Content-Type: application/json) when signed in by cookie',
    );
  }
  return cookie;
}

export function accessGuard(ctx: AppContext, access: Access, opts: GuardOptions = {}): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (access === 'public') return next();
    const { user, sessionId } = await authenticate(ctx, credential(req, opts));
    if (access !== 'signed-in' && user.userType === 'user') {
      throw new AppError('NOT_ADMIN', 'This account is not an admin of the platform');
    }
    if (access === 'root' && user.userType !== 'root-user') {
      throw new AppError('FORBIDDEN', 'Only root users can do this');
    }
    req.auth = user;
    if (sessionId) req.sessionId = sessionId;
    next();
  };
}

/** The signed-in account in a handler behind a non-public guard. */
export function currentUser(req: Request): UserRow {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return req.auth;
}
