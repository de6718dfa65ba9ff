import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/middleware/auth';
import { CONSOLE_ROUTES } from './access/console';
import { DOCS_ROUTES } from './access/docs';
import { EXPORT_ROUTES } from './access/exports';
import { INSIGHT_ROUTES } from './access/insight';
import { LOCATION_ROUTES } from './access/locations';
import { MOBILE_ACCOUNT_ROUTES } from './access/mobile-accounts';
import { RECORDS_INGEST_ROUTES } from './access/records-ingest';
import { RECORDS_REVIEW_ROUTES } from './access/records-review';
import { REVIEW_ROUTES } from './access/review';
import { bearer, buildAdmin, buildRoot, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

/**
 * Every route the API serves, with who may call it. A route added without a line here fails the
 * first test, so no route ships without a decision about who may use it.
 */
const CORE: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /auth/config': 'public',
  'POST /auth/login': 'public',
  'GET /auth/checkLoggedIn': 'signed-in',
  'POST /auth/logout': 'signed-in',
  'POST /auth/register': 'public',
  'GET /auth/google': 'public',
  'GET /auth/google/callback': 'public',
  'GET /auth/login/success': 'public',
  'POST /api/v1/password-reset': 'public',
  'GET /api/v1/password-reset/:id/:token': 'public',
  'POST /api/v1/password-reset/:id/:token': 'public',
  'GET /users': 'root',
  'GET /users/:id': 'admin',
  'PATCH /users/:id': 'root',
  'DELETE /users/:id': 'root',
  'PATCH /users/:id/deactivate': 'admin',
  'PATCH /users/:id/update-profile': 'admin',
  'POST /users/:id/update-password': 'admin',
  'POST /auth/register-admin': 'root',
  'GET /notifications': 'admin',
  'POST /notifications': 'admin',
  'GET /api/v1/species/get': 'admin',
  'GET /api/v1/species/get-count': 'admin',
  'GET /api/v1/species': 'public',
  'POST /api/v1/species/fileupload': 'admin',
  'GET /api/v1/species/:id': 'public',
  'POST /api/v1/species': 'admin',
  'PATCH /api/v1/species/:id': 'admin',
  'DELETE /api/v1/species/:id': 'admin',
  'DELETE /api/v1/species/:id/photos/:photoId': 'admin',
};

/** Each feature keeps its own list in `test/access/`, so features added side by side do not collide. */
const EXPECTED: Record<string, Access> = {
  ...CORE,
  ...LOCATION_ROUTES,
  ...RECORDS_REVIEW_ROUTES,
  ...RECORDS_INGEST_ROUTES,
  ...MOBILE_ACCOUNT_ROUTES,
  ...DOCS_ROUTES,
  ...INSIGHT_ROUTES,
  ...CONSOLE_ROUTES,
  ...EXPORT_ROUTES,
  ...REVIEW_ROUTES,
};

/** Public routes that check a credential of their own (the one-time Google login cookie): 401 without it. */
const OWN_CREDENTIAL = new Set(['GET /auth/login/success']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
const concrete = (path: string) =>
  path.replace(/:token\b/g, 'x'.repeat(43)).replace(/:[A-Za-z]+\b/g, () => randomUUID());

async function call(route: { method: string; path: string }, headers: Record<string, string> = {}) {
  const http = t.http();
  const method = route.method as 'get' | 'post' | 'patch' | 'delete';
  return http[method](concrete(route.path)).set(headers).send({});
}

describe('authorization matrix', () => {
  it('lists every route the app serves, with the access it declares', () => {
    const served = Object.fromEntries(t.routes.map((r) => [key(r), r.access]));
    expect(served).toEqual(EXPECTED);
  });

  it('refuses anonymous callers on every non-public route (401)', async () => {
    for (const route of t.routes.filter((r) => r.access !== 'public')) {
      const res = await call(route);
      expect(res.status, key(route)).toBe(401);
      expect(res.body.code, key(route)).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses deactivated accounts on every non-public route (403 ACCOUNT_DEACTIVATED)', async () => {
    for (const route of t.routes.filter((r) => r.access !== 'public')) {
      const u = await buildRoot(t, { isDeactivated: true });
      const res = await call(route, bearer(u));
      expect(res.status, key(route)).toBe(403);
      expect(res.body.code, key(route)).toBe('ACCOUNT_DEACTIVATED');
    }
  });

  it('refuses plain user accounts on console routes (403 NOT_ADMIN) and lets them through signed-in ones', async () => {
    for (const route of t.routes.filter((r) => r.access !== 'public')) {
      const u = await buildUser(t);
      const res = await call(route, bearer(u));
      if (route.access === 'signed-in') expect([401, 403], key(route)).not.toContain(res.status);
      else {
        expect(res.status, key(route)).toBe(403);
        expect(res.body.code, key(route)).toBe('NOT_ADMIN');
      }
    }
  });

  it('refuses admin-users on root-only routes (403 FORBIDDEN) and lets them through admin routes', async () => {
    for (const route of t.routes.filter((r) => r.access === 'admin' || r.access === 'root')) {
      const u = await buildAdmin(t);
      const res = await call(route, bearer(u));
      if (route.access === 'root') {
        expect(res.status, key(route)).toBe(403);
        expect(res.body.code, key(route)).toBe('FORBIDDEN');
      } else expect([401, 403], key(route)).not.toContain(res.status);
    }
  });

  it('lets root-users through every route, and anyone through public ones', async () => {
    for (const route of t.routes.filter((r) => !OWN_CREDENTIAL.has(key(r)))) {
      const headers = route.access === 'public' ? {} : bearer(await buildRoot(t));
      const res = await call(route, headers);
      expect([401, 403], `${key(route)} → ${res.status} ${res.body?.message ?? ''}`).not.toContain(
        res.status,
      );
    }
  });

  it('refuses a token whose signature or version is wrong', async () => {
    const u = await buildAdmin(t);
    const tampered = `${u.token.slice(0, -2)}xx`;
    expect((await t.http().get('/notifications').set('Authorization', `Bearer ${tampered}`)).status).toBe(
      401,
    );
    const stale = t.ctx.tokens.sign(u.id, u.tokenVersion + 1);
    expect((await t.http().get('/notifications').set('Authorization', `Bearer ${stale}`)).status).toBe(401);
    const deleted = t.ctx.tokens.sign(randomUUID(), 0);
    expect((await t.http().get('/notifications').set('Authorization', `Bearer ${deleted}`)).status).toBe(401);
  });
});
