import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

/**
 * The embedded database's folder is held by one process at a time: a second opener (a second API, or a script such
 * as seed:synthetic beside a running API) once wrote PGlite's files over the first's, and the folder never opened
 * again. These tests open real PGlite folders.
 */
const root = mkdtempSync(path.join(tmpdir(), 'jarog-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const count = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  ((await db.db.execute(sql`select count(*)::int as n from kept`)) as unknown as { rows: { n: number }[] })
    .rows[0]?.n;

describe('the embedded database folder', () => {
  it('refuses a second opener with a clear message while the first holds it, and opens once it is closed', async () => {
    const dir = path.join(root, 'held');
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (1), (2)`);

    const second = openDatabase({ dataDir: dir, lockWaitMs: 0 });
    await expect(second).rejects.toMatchObject({
      code: 'DATABASE_IN_USE',
      message: expect.stringContaining('is open in another process'),
    });
    // The refused opener changed nothing: the holder goes on reading and writing.
    await first.db.execute(sql`insert into kept values (3)`);
    expect(await count(first)).toBe(3);
    await first.close();

    const reopened = await openDatabase({ dataDir: dir, lockWaitMs: 0 });
    expect(await count(reopened)).toBe(3);
    await reopened.close();
  });

  it('takes over the hold a process that died left behind, once it has gone stale', async () => {
    const dir = path.join(root, 'orphaned');
    const db = await openDatabase({ dataDir: dir });
    await db.db.execute(sql`create table kept (n int)`);
    await db.db.execute(sql`insert into kept values (7)`);
    await db.close();
    // What a killed holder leaves: the lock directory, last refreshed a minute ago.
    const lock = `${dir}.lock`;
    mkdirSync(lock);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);

    const after = await openDatabase({ dataDir: dir, lockWaitMs: 0 });
    expect(await count(after)).toBe(1);
    await after.close();
  });

  it('a fresh hold by another process is waited for, not taken', async () => {
    const dir = path.join(root, 'fresh');
    mkdirSync(dir, { recursive: true });
    mkdirSync(`${dir}.lock`);
    await expect(openDatabase({ dataDir: dir, lockWaitMs: 0 })).rejects.toMatchObject({
      code: 'DATABASE_IN_USE',
    });
    rmSync(`${dir}.lock`, { recursive: true });
  });
});
