// Runs the API suite on the embedded database (PGlite), then again on a real PostgreSQL server
// when TEST_DATABASE_URL is set, so both engines are proven by every CI run.
import { spawnSync } from 'node:child_process';

const runs = [{ name: 'PGlite', env: { TEST_DB: 'pglite' } }];
// db-restart.test.ts runs its own PostgreSQL server whatever TEST_DB says, and pglite-template.test.ts its own
// PGlite, so once is enough.
if (process.env.TEST_DATABASE_URL)
  runs.push({
    name: 'PostgreSQL',
    env: { TEST_DB: 'postgres' },
    args: ['--exclude', 'test/db-restart.test.ts', '--exclude', 'test/pglite-template.test.ts'],
  });
else console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');

for (const run of runs) {
  console.log(`\n▸ API tests on ${run.name}`);
  const result = spawnSync('vitest', ['run', ...(run.args ?? []), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
