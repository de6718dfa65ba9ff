import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import type { Database } from '../src/db/client';
import { DEMO_ADMIN } from '../src/demo/demo-data';
import { createLogger } from '../src/lib/logger';
import { usersRepository } from '../src/modules/users/users.repository';
import { openTestDatabase } from './db';
import { createTestApp, type TestApp } from './harness';

const silent = createLogger('silent');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jarog-boot-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('loadEnv', () => {
  it('rejects a DATABASE_URL that is not a postgres:// URL, naming the variable', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://localhost/jarog' })).toThrow(
      /Invalid configuration:\n\s+DATABASE_URL: must be a postgres:\/\/ connection string/,
    );
  });

  it('rejects a PORT that is not a port number, naming the variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/^Invalid configuration:\n\s+PORT: /);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT: /);
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      loadEnv({ PORT: 'x', JWT_SECRET: 'short', DEMO_DATA: 'maybe' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/PORT: /);
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(message).toContain('DEMO_DATA: must be 0, 1, true or false');
  });

  it('gives a working embedded default with nothing set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      publicWebUrl: 'http://localhost:3000',
      corsOrigins: expect.arrayContaining(['http://localhost:3000']),
      google: undefined,
    });
  });
});

describe('bootstrap', () => {
  it('on the embedded database creates root@jarog.local once, with a generated password kept in DATA_DIR', async () => {
    const dataDir = tempDataDir();
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

    const first = await bootstrap(env, silent);
    cleanups.push(() => first.ctx.database.close());
    expect(first.ctx.database.kind).toBe('pglite');
    expect(first.printedCredentials?.email).toBe('root@jarog.local');
    const password = first.printedCredentials?.password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(readFileSync(path.join(dataDir, 'secrets', 'root-credentials.txt'), 'utf8')).toBe(
      `email: root@jarog.local\npassword: ${password}\n`,
    );
    const secret = readFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    const app1 = createApp(first.ctx).app;
    const login = await supertest(app1).post('/auth/login').send({ email: 'root@jarog.local', password });
    expect(login.status).toBe(200);
    expect(login.body.user.userType).toBe('root-user');
    // An empty embedded database gets the demo data by default.
    expect(await usersRepository.findByEmail(first.ctx.database.db, DEMO_ADMIN.email)).toBeDefined();
    await first.ctx.database.close();
    cleanups.pop();

    const second = await bootstrap(env, silent);
    cleanups.push(() => second.ctx.database.close());
    expect(second.printedCredentials).toBeUndefined();
    expect(await usersRepository.countRoots(second.ctx.database.db)).toBe(1);
    expect(readFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).toBe(secret);
    const app2 = createApp(second.ctx).app;
    // Same secret, same account: the token from the first start still works.
    const me = await supertest(app2)
      .get('/auth/checkLoggedIn')
      .set('Authorization', `Bearer ${login.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('root@jarog.local');
    expect(
      (await supertest(app2).post('/auth/login').send({ email: 'root@jarog.local', password })).status,
    ).toBe(200);
  }, 90_000); // two starts of an embedded database from nothing (initdb, migrations, demo data): 10-30 s on a loaded 2-core machine
});

describe('bootstrap refusing to start', () => {
  // Both refusals happen before anything is written, so the two tests can share one empty database.
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('with DATABASE_URL and no ROOT_* settings refuses to start, naming ROOT_EMAIL', async () => {
    const env = loadEnv({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://nobody@127.0.0.1:1/unused',
      DEMO_DATA: '0',
    });
    await expect(bootstrap(env, silent, { database })).rejects.toThrow(
      'No root user exists yet: set ROOT_EMAIL and ROOT_PASSWORD to create the first one.',
    );
    expect(await usersRepository.countAll(database.db)).toBe(0);
  });

  it('refuses a ROOT_PASSWORD outside the password rule', async () => {
    const env = loadEnv({
      DATA_DIR: tempDataDir(),
      ROOT_EMAIL: 'root@test.bt',
      ROOT_PASSWORD: 'short',
      DEMO_DATA: '0',
    });
    await expect(bootstrap(env, silent, { database })).rejects.toThrow(
      'ROOT_PASSWORD must be 8 to 128 characters long.',
    );
    expect(await usersRepository.countAll(database.db)).toBe(0);
  });
});

describe('a started API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_DATA: '1' });
  });
  afterAll(() => t.close());

  it('DEMO_DATA=1 loads the demo admin, who can sign in', async () => {
    const res = await t
      .http()
      .post('/auth/login')
      .send({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: DEMO_ADMIN.name, userType: 'admin-user' });
  });

  it('/healthz answers 200 and says only that the API is up (not which database engine runs)', async () => {
    const res = await t.http().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});
