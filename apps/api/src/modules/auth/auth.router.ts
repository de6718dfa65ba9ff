import { LoginBodySchema, RegisterBodySchema } from '@jarog/contracts';
import type { CookieOptions } from 'express';
import { AppError } from '../../lib/errors';
import { clientIp } from '../../lib/limits';
import { randomToken } from '../../lib/tokens';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { toCurrentUser } from '../users/users.mapper';
import { usersRepository } from '../users/users.repository';
import { issueSession, login, logout, REGISTER_MESSAGE, register } from './auth.service';
import { googleAuthorizationUrl, signInWithGoogle } from './google.service';

const STATE_COOKIE = 'jarog_google_state';
const LOGIN_COOKIE = 'jarog_google_login';
const GOOGLE_LOGIN_TTL_MS = 2 * 60 * 1000;

export const registerAuthRoutes: RegisterRoutes = (t, ctx) => {
  /** One-time codes handed over in a cookie after Google's callback, redeemed by /auth/login/success. */
  const pendingGoogleLogins = new Map<string, { userId: string; expires: number }>();
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.env.publicApiUrl.startsWith('https:'),
    path: '/auth',
  };

  t.add('get', '/auth/config', 'public', (_req, res) => {
    res.json({ googleEnabled: ctx.env.google !== undefined });
  });

  t.add('post', '/auth/login', 'public', async (req, res) => {
    const body = parse(LoginBodySchema, req.body);
    res.json(await login(ctx, body, clientIp(req)));
  });

  t.add('get', '/auth/checkLoggedIn', 'signed-in', (req, res) => {
    res.json({ valid: true, user: toCurrentUser(currentUser(req)) });
  });

  t.add('post', '/auth/logout', 'signed-in', async (req, res) => {
    await logout(ctx, currentUser(req));
    res.clearCookie(LOGIN_COOKIE, cookie);
    res.json({ message: 'Signed out' });
  });

  t.add('post', '/auth/register', 'public', async (req, res) => {
    const body = parse(RegisterBodySchema, req.body);
    await register(ctx, body, clientIp(req));
    res.status(201).json({ message: REGISTER_MESSAGE });
  });

  t.add('get', '/auth/google', 'public', (_req, res) => {
    const google = ctx.env.google;
    if (!google) throw new AppError('NOT_FOUND', 'Google sign-in is not enabled');
    const state = randomToken(16);
    res.cookie(STATE_COOKIE, state, { ...cookie, maxAge: 10 * 60 * 1000 });
    res.redirect(googleAuthorizationUrl(ctx, google, state));
  });

  t.add('get', '/auth/google/callback', 'public', async (req, res) => {
    const google = ctx.env.google;
    if (!google) throw new AppError('NOT_FOUND', 'Google sign-in is not enabled');
    const { code, state } = req.query;
    const expected: unknown = req.cookies?.[STATE_COOKIE];
    res.clearCookie(STATE_COOKIE, cookie);
    const failed = `${ctx.env.publicWebUrl}/login?error=google`;
    if (typeof code !== 'string' || typeof state !== 'string' || state !== expected) {
      res.redirect(failed);
      return;
    }
    // A browser lands here from Google: a refusal goes back to the console, not to a JSON page.
    const user = await signInWithGoogle(ctx, google, code).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      ctx.logger.warn({ reason: err.message }, 'Google sign-in refused');
      return undefined;
    });
    if (!user) {
      res.redirect(failed);
      return;
    }
    if (user.isDeactivated) {
      res.redirect(`${ctx.env.publicWebUrl}/deactivated`);
      return;
    }
    const oneTime = randomToken();
    pendingGoogleLogins.set(oneTime, { userId: user.id, expires: Date.now() + GOOGLE_LOGIN_TTL_MS });
    res.cookie(LOGIN_COOKIE, oneTime, { ...cookie, maxAge: GOOGLE_LOGIN_TTL_MS });
    res.redirect(`${ctx.env.publicWebUrl}/login?google=1`);
  });

  t.add('get', '/auth/login/success', 'public', async (req, res) => {
    const oneTime: unknown = req.cookies?.[LOGIN_COOKIE];
    const pending = typeof oneTime === 'string' ? pendingGoogleLogins.get(oneTime) : undefined;
    if (typeof oneTime === 'string') pendingGoogleLogins.delete(oneTime);
    res.clearCookie(LOGIN_COOKIE, cookie);
    for (const [key, value] of pendingGoogleLogins)
      if (value.expires < Date.now()) pendingGoogleLogins.delete(key);
    if (!pending || pending.expires < Date.now()) {
      throw new AppError('UNAUTHENTICATED', 'Google sign-in has expired. Please try again.');
    }
    const user = await usersRepository.findById(ctx.database.db, pending.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Google sign-in has expired. Please try again.');
    if (user.isDeactivated) {
      throw new AppError('ACCOUNT_DEACTIVATED', 'This account is deactivated and cannot be used to sign in');
    }
    res.json({ success: true, ...issueSession(ctx, user) });
  });
};
