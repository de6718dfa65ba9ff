import { OTP_SIGNUP_WINDOW_MINUTES, OTP_TTL_MINUTES } from '@jarog/contracts';
import type { CookieOptions, Request, Response } from 'express';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { TOKEN_TTL_SECONDS, type VerificationClaims } from '../../lib/tokens';
import { SESSION_COOKIE } from '../../middleware/auth';

/**
 * Cookies of the installed app, which sends no token on most calls (see docs/decisions.md,
 * "Sessions of the installed app"): both httpOnly and SameSite=Lax, Secure on an https API.
 */
const VERIFICATION_COOKIE = 'jarog_signup';
/** The code's life plus the window to finish sign-up after it. */
const VERIFICATION_TTL_SECONDS = (OTP_TTL_MINUTES + OTP_SIGNUP_WINDOW_MINUTES) * 60;

const base = (ctx: AppContext, path: string): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: ctx.env.publicApiUrl.startsWith('https:'),
  path,
});
const verificationCookie = (ctx: AppContext) => base(ctx, '/api/v1/users');
const sessionCookie = (ctx: AppContext) => base(ctx, '/api/v1');

/** Binds the name and email being verified to this client, for `users/OTP` and `users/signup`. */
export function setVerificationCookie(ctx: AppContext, res: Response, claims: VerificationClaims): void {
  res.cookie(VERIFICATION_COOKIE, ctx.tokens.signVerification(claims, VERIFICATION_TTL_SECONDS), {
    ...verificationCookie(ctx),
    maxAge: VERIFICATION_TTL_SECONDS * 1000,
  });
}

export function clearVerificationCookie(ctx: AppContext, res: Response): void {
  res.clearCookie(VERIFICATION_COOKIE, verificationCookie(ctx));
}

/**
 * The email a code or sign-up is for: the one bound by the verification cookie; an email in the
 * body must match it. Without a cookie, the body's email (other clients send it).
 */
export function verifiedEmail(ctx: AppContext, req: Request, bodyEmail: string | undefined): string {
  const raw: unknown = req.cookies?.[VERIFICATION_COOKIE];
  const bound = typeof raw === 'string' ? ctx.tokens.verifyVerification(raw) : undefined;
  if (bound && bodyEmail !== undefined && bodyEmail !== bound.email) {
    throw new AppError(
      'BAD_REQUEST',
      'This email is not the one being verified. Please ask for a code for this email.',
    );
  }
  const email = bodyEmail ?? bound?.email;
  if (!email) {
    throw new AppError(
      'BAD_REQUEST',
      'Please verify your email first: ask for a code and enter the code we mail you.',
    );
  }
  return email;
}

/** The app's session cookie: the same token the answer carries, so the same lifetime and revocation. */
export function setSessionCookie(ctx: AppContext, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { ...sessionCookie(ctx), maxAge: TOKEN_TTL_SECONDS * 1000 });
}
