import { z } from 'zod';
import type { GoogleConfig } from '../../config/env';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';

const TokenResponse = z.object({ access_token: z.string() });
const Profile = z.object({
  sub: z.string().min(1),
  email: z.email().transform((e) => e.toLowerCase()),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
  picture: z.url().optional(),
});

export function googleRedirectUri(ctx: AppContext): string {
  return `${ctx.env.publicApiUrl}/auth/google/callback`;
}

export function googleAuthorizationUrl(ctx: AppContext, google: GoogleConfig, state: string): string {
  const url = new URL(google.authUrl);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: googleRedirectUri(ctx),
    response_type: 'code',
    scope: 'openid email profile',
    state,
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

/** Exchanges the authorization code and reads the Google profile (OAuth 2.0 code flow). */
async function fetchProfile(
  ctx: AppContext,
  google: GoogleConfig,
  code: string,
): Promise<z.infer<typeof Profile>> {
  const tokenRes = await fetch(google.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      code,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: googleRedirectUri(ctx),
      grant_type: 'authorization_code',
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const token = TokenResponse.safeParse(await tokenRes.json().catch(() => null));
  if (!tokenRes.ok || !token.success)
    throw new AppError('UNAUTHENTICATED', 'Google sign-in failed. Please try again.');
  const infoRes = await fetch(google.userInfoUrl, {
    headers: { authorization: `Bearer ${token.data.access_token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const profile = Profile.safeParse(await infoRes.json().catch(() => null));
  if (!infoRes.ok || !profile.success)
    throw new AppError('UNAUTHENTICATED', 'Google sign-in failed. Please try again.');
  return profile.data;
}

/**
 * Finds or creates the account for a Google profile. An existing account is linked by verified
 * email; a new one is a plain `user` (the console then says it is not an admin).
 */
export async function signInWithGoogle(
  ctx: AppContext,
  google: GoogleConfig,
  code: string,
): Promise<UserRow> {
  const profile = await fetchProfile(ctx, google, code);
  const db = ctx.database.db;
  const linked = await usersRepository.findByGoogleId(db, profile.sub);
  if (linked) return linked;
  const verified = profile.email_verified === true || profile.email_verified === 'true';
  const byEmail = await usersRepository.findByEmail(db, profile.email);
  if (byEmail) {
    if (!verified) throw new AppError('UNAUTHENTICATED', 'Your Google email address is not verified');
    const updated = await usersRepository.update(db, byEmail.id, { googleId: profile.sub });
    return updated ?? byEmail;
  }
  return db.transaction(async (tx) => {
    const created = await usersRepository.insert(tx, {
      name: profile.name ?? profile.email.split('@')[0] ?? 'User',
      email: profile.email,
      googleId: profile.sub,
      profileUrl: profile.picture ?? null,
      userType: 'user',
    });
    await recordActivity(tx, null, `A new account ${created.name} (${created.email}) signed up with Google`);
    return created;
  });
}
