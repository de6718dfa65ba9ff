import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/**
 * The statement time limit (STATEMENT_TIMEOUT_MS, issue 10), on whichever engine the suite runs. A statement
 * past it is stopped (PostgreSQL's statement_timeout; PGlite's thread is ended and the database opened again
 * from its files), its request is answered 503 QUERY_TIMEOUT with a message saying what happened, and the
 * database goes on answering with everything committed before. The slow statements are pg_sleep of several
 * times the limit, inside the database: nothing here waits on a clock.
 */
let t: TestApp;
let admin: BuiltUser;
const LIMIT_MS = 1500;

beforeAll(async () => {
  t = await createTestApp({ STATEMENT_TIMEOUT_MS: String(LIMIT_MS) });
  admin = await buildAdmin(t);
  await seedChecklist(t, { name: 'Kept through the restart' }, [{ birdName: 'Common Raven', total: 2 }]);
});
afterAll(() => t.close());

const run = (q: ReturnType<typeof sql>) => t.ctx.database.db.execute(q);
const codes = (err: unknown): unknown[] => {
  const out: unknown[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    out.push((e as { code?: unknown }).code);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
};
const checklistCount = async () =>
  Number(
    ((await run(sql`select count(*)::int as n from checklists`)) as unknown as { rows: { n: number }[] })
      .rows[0]?.n,
  );

describe('the statement time limit', () => {
  it('stops a statement past the limit with SQLSTATE 57014; what waited behind it is answered', async () => {
    const slow = run(sql`select pg_sleep(10)`).then(
      () => undefined,
      (err: unknown) => err,
    );
    // On PGlite this waits in line behind the slow statement, and is sent again once it is stopped.
    const behind = checklistCount();
    expect(codes(await slow)).toContain('57014');
    expect(await behind).toBe(1);
    expect(await checklistCount()).toBe(1);
  });

  it('answers 503 QUERY_TIMEOUT with a clear message, and the next requests 200', async () => {
    // Every record list reads the data version first: made slow, it stands for a runaway query.
    await run(sql.raw('ALTER TABLE data_version RENAME TO data_version_kept'));
    await run(
      sql.raw('CREATE VIEW data_version AS SELECT k.shard, k.version FROM data_version_kept k, pg_sleep(10)'),
    );
    const slow = await t.http().get('/api/v1/checklists').set(bearer(admin));
    expect(slow.status).toBe(503);
    expect(slow.body).toEqual({
      code: 'QUERY_TIMEOUT',
      message: expect.stringMatching(/took too long to answer this request and it was stopped/),
    });
    expect(slow.headers['retry-after']).toBe('2');

    await run(sql.raw('DROP VIEW data_version'));
    await run(sql.raw('ALTER TABLE data_version_kept RENAME TO data_version'));
    const after = await t.http().get('/api/v1/checklists').set(bearer(admin));
    expect(after.status).toBe(200);
    expect(after.body.checklists.map((c: { _id: { checklistName: string } }) => c._id.checklistName)).toEqual(
      ['Kept through the restart'],
    );
  });

  it('keeps transactions all-or-nothing: one stopped mid-way leaves nothing behind', async () => {
    const error = await t.ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into users (name, email) values ('Half done', 'half@timeout.test')`);
        await tx.execute(sql`select pg_sleep(10)`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(error).toBeDefined();
    const left = (await run(
      sql`select count(*)::int as n from users where email = 'half@timeout.test'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(left.rows[0]?.n).toBe(0);
    expect(await checklistCount()).toBe(1);
  });
});

describe('requests that need no statement of their own', () => {
  it('/healthz answers while another statement runs', async () => {
    let slowDone = false;
    const slow = run(sql`select pg_sleep(${(LIMIT_MS * 0.8) / 1000})`).finally(() => {
      slowDone = true;
    });
    const health = await t.http().get('/healthz');
    expect(health.status).toBe(200);
    expect(slowDone).toBe(false);
    await slow;
  });

  it('/healthz answers while every pooled connection is busy and more statements wait for one', async () => {
    // PostgreSQL's pool holds 10 connections: 11 statements fill it and queue one. /healthz asks on its own
    // connection; through the pool it waited until a statement ended. PGlite runs one statement at a time.
    const many = t.ctx.database.kind === 'postgres' ? 11 : 1;
    let ended = 0;
    const slow = Array.from({ length: many }, () =>
      run(sql`select pg_sleep(${(LIMIT_MS * 0.8) / 1000})`).finally(() => {
        ended++;
      }),
    );
    const health = await t.http().get('/healthz');
    expect(health.status).toBe(200);
    expect(ended).toBe(0);
    await Promise.all(slow);
  });
});
