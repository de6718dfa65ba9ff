import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { usersRepository } from '../modules/users/users.repository';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in account, set by the access guard. */
      auth?: UserRow;
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

function bearer(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || undefined;
}

/** Resolves the token to an active account, or throws the 401/403 the console acts on. */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<UserRow> {
  if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  const claims = ctx.tokens.verify(token);
  const expired = new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
  if (!claims) throw expired;
  const user = await usersRepository.findById(ctx.database.db, claims.sub);
  if (!user) throw expired;
  if (user.isDeactivated) {
    throw new AppError('ACCOUNT_DEACTIVATED', 'This account is deactivated and cannot be used to sign in');
  }
  if (user.tokenVersion !== claims.tv) throw expired;
  return user;
}

export function accessGuard(ctx: AppContext, access: Access): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (access === 'public') return next();
    const user = await authenticate(ctx, bearer(req));
    if (access !== 'signed-in' && user.userType === 'user') {
      throw new AppError('NOT_ADMIN', 'This account is not an admin of the platform');
    }
    if (access === 'root' && user.userType !== 'root-user') {
      throw new AppError('FORBIDDEN', 'Only root users can do this');
    }
    req.auth = user;
    next();
  };
}

/** The signed-in account in a handler behind a non-public guard. */
export function currentUser(req: Request): UserRow {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return req.auth;
}
