import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database on the PostgreSQL server at `serverUrl` (a copy of the database `template` when given): its name,
 * its URL, and how to drop it again.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      // No FORCE: terminating connections a pool is still closing surfaces as an unhandled
      // 57P01 error. Wait for them to go instead.
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}
