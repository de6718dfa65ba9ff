import { randomBytes } from 'node:crypto';
import { OAuth2Server, type TokenRequest } from 'oauth2-mock-server';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { usersRepository } from '../src/modules/users/users.repository';
import { bearer, buildAdmin, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

const CLIENT_ID = 'jarog-test-client';
const CLIENT_SECRET = 'jarog-test-secret';
const CALLBACK = 'http://api.test/auth/google/callback';

let oauth: OAuth2Server;
let issuer: string;
let t: TestApp;
/** What the mock's token endpoint was last asked for. */
let lastTokenRequest: TokenRequest | undefined;

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  issuer = oauth.issuer.url ?? '';
  oauth.service.on('beforeResponse', (_response, req) => {
    lastTokenRequest = req.body;
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  });
});
afterAll(async () => {
  await t.close();
  await oauth.stop();
});

interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

const googleProfile = (o: Partial<GoogleProfile> = {}): GoogleProfile => {
  const id = randomBytes(5).toString('hex');
  return {
    sub: `1${BigInt(`0x${id}`).toString()}`,
    email: `Google.${id}@Gmail.test`,
    email_verified: true,
    name: `Google Person ${id}`,
    picture: `https://lh3.googleusercontent.test/a/${id}`,
    ...o,
  };
};

/** `name=value` of a cookie the response sets, or undefined. */
function cookieFrom(res: supertest.Response, name: string): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = raw?.find((c) => c.startsWith(`${name}=`));
  const pair = line?.split(';')[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

/** GET /auth/google: the redirect to the provider and the state cookie. */
async function start() {
  const res = await t.http().get('/auth/google');
  expect(res.status).toBe(302);
  const stateCookie = cookieFrom(res, 'jarog_google_state');
  expect(stateCookie).toBeDefined();
  return { res, stateCookie: stateCookie ?? '', authorizeUrl: new URL(res.headers.location as string) };
}

/** Lets the mock provider "sign the person in": follows its /authorize redirect back to our callback URL. */
async function authorize(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

/** The whole browser round trip, with `profile` as what the provider's userinfo endpoint answers. */
async function signIn(profile: GoogleProfile) {
  const { stateCookie, authorizeUrl } = await start();
  const back = await authorize(authorizeUrl);
  oauth.service.once('beforeUserinfo', (userinfo) => {
    userinfo.body = { ...profile };
  });
  const callback = await t.http().get(`/auth/google/callback${back.search}`).set('Cookie', stateCookie);
  return {
    callback,
    code: back.searchParams.get('code'),
    loginCookie: cookieFrom(callback, 'jarog_google_login'),
  };
}

const redeem = (cookie?: string) => {
  const req = t.http().get('/auth/login/success');
  return cookie ? req.set('Cookie', cookie) : req;
};

describe('Google sign-in', () => {
  it('says it is enabled', async () => {
    expect((await t.http().get('/auth/config')).body).toEqual({ googleEnabled: true });
  });

  it('GET /auth/google redirects to the provider with client id, callback and a state kept in a cookie', async () => {
    const { res, stateCookie, authorizeUrl } = await start();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${issuer}/authorize`);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email']),
    );
    const state = authorizeUrl.searchParams.get('state');
    expect(state?.length).toBeGreaterThanOrEqual(16);
    expect(stateCookie).toBe(`jarog_google_state=${state}`);
    const line = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('jarog_google_state='),
    );
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Path=\/auth/);
  });

  it('creates a plain user for a new Google account and hands over a one-time login cookie', async () => {
    const profile = googleProfile();
    const { callback, code, loginCookie } = await signIn(profile);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('http://console.test/login?google=1');
    expect(loginCookie).toBeDefined();
    // The code was exchanged with our client credentials and the same callback URL.
    expect(lastTokenRequest).toMatchObject({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: CALLBACK,
    });

    const success = await redeem(loginCookie);
    expect(success.status).toBe(200);
    expect(success.body).toMatchObject({ success: true, token: expect.any(String) });
    const me = await t.http().get('/auth/checkLoggedIn').set('Authorization', `Bearer ${success.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      email: profile.email.toLowerCase(),
      name: profile.name,
      profile: profile.picture,
      userType: 'user',
      googleId: profile.sub,
    });

    const twice = await redeem(loginCookie);
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe('Google sign-in has expired. Please try again.');
    expect((await redeem()).status).toBe(401);

    // Signing in again finds the same account rather than making another.
    const again = await signIn(googleProfile({ sub: profile.sub, email: profile.email }));
    const token = (await redeem(again.loginCookie)).body.token as string;
    const me2 = await t.http().get('/auth/checkLoggedIn').set('Authorization', `Bearer ${token}`);
    expect(me2.body.user.id).toBe(me.body.user.id);
  });

  it('sends a wrong or missing state back to /login?error=google without signing in', async () => {
    const { stateCookie, authorizeUrl } = await start();
    const back = await authorize(authorizeUrl);
    const code = back.searchParams.get('code') ?? '';
    const wrong = await t
      .http()
      .get(`/auth/google/callback?code=${code}&state=not-the-state`)
      .set('Cookie', stateCookie);
    expect(wrong.status).toBe(302);
    expect(wrong.headers.location).toBe('http://console.test/login?error=google');
    expect(cookieFrom(wrong, 'jarog_google_login')).toBeUndefined();
    const noCookie = await t.http().get(`/auth/google/callback${back.search}`);
    expect(noCookie.headers.location).toBe('http://console.test/login?error=google');
    expect(cookieFrom(noCookie, 'jarog_google_login')).toBeUndefined();
  });

  it('links a verified Google email to the existing admin account', async () => {
    const admin = await buildAdmin(t);
    const profile = googleProfile({ email: admin.email.toUpperCase() });
    const { callback, loginCookie } = await signIn(profile);
    expect(callback.headers.location).toBe('http://console.test/login?google=1');
    const token = (await redeem(loginCookie)).body.token as string;
    const me = await t.http().get('/auth/checkLoggedIn').set('Authorization', `Bearer ${token}`);
    expect(me.body.user).toMatchObject({ id: admin.id, userType: 'admin-user', googleId: profile.sub });
    // From now on it is a Google account: no profile or password changes here.
    const edit = await t
      .http()
      .patch(`/users/${admin.id}/update-profile`)
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'X', email: admin.email });
    expect(edit.body.message).toBe('You cannot update your google account');
  });

  it('refuses an unverified Google email that matches an existing account', async () => {
    const admin = await buildAdmin(t);
    const { callback, loginCookie } = await signIn(
      googleProfile({ email: admin.email, email_verified: false }),
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('http://console.test/login?error=google');
    expect(loginCookie).toBeUndefined();
    expect((await usersRepository.findById(t.ctx.database.db, admin.id))?.googleId).toBeNull();
    // The admin's own session is untouched.
    expect((await t.http().get('/auth/checkLoggedIn').set(bearer(admin))).status).toBe(200);
  });

  it('sends a deactivated linked account to /deactivated', async () => {
    const sub = `9${Date.now()}`;
    const off = await buildUser(t, { googleId: sub, isDeactivated: true });
    const { callback, loginCookie } = await signIn(googleProfile({ sub, email: off.email }));
    expect(callback.headers.location).toBe('http://console.test/deactivated');
    expect(loginCookie).toBeUndefined();
  });

  it('answers 404 on the Google routes when Google is not configured', async () => {
    const { app } = createApp({ ...t.ctx, env: { ...t.ctx.env, google: undefined } });
    const request = supertest;
    expect((await request(app).get('/auth/config')).body).toEqual({ googleEnabled: false });
    const redirect = await request(app).get('/auth/google');
    expect(redirect.status).toBe(404);
    expect(redirect.body.code).toBe('NOT_FOUND');
    expect((await request(app).get('/auth/google/callback?code=x&state=y')).status).toBe(404);
  });
});
