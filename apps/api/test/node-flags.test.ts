import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The API's node flags are listed once, in node-flags.json: scripts/run.mjs (`npm start` at the root) and the bench
 * read that list. `npm start` in apps/api and the Docker image's CMD cannot read a file, so they repeat it; these
 * checks keep the three the same, and run node with the list to see that it takes effect.
 */
const apiDir = path.resolve(import.meta.dirname, '..');
const read = (p: string) => readFileSync(path.resolve(apiDir, p), 'utf8');
const flags: string[] = JSON.parse(read('node-flags.json'));

describe('the API node flags', () => {
  it('apps/api `npm start` runs the built server with exactly the listed flags', () => {
    const start: string = JSON.parse(read('package.json')).scripts.start;
    expect(start).toBe(`node ${flags.join(' ')} dist/server.js`);
  });

  it("the Docker image's CMD runs the built server with exactly the listed flags", () => {
    const cmd = read('../../docker/Dockerfile.api')
      .split('\n')
      .filter((line) => line.startsWith('CMD '));
    expect(cmd).toEqual([
      `CMD ${JSON.stringify(['node', ...flags, 'dist/server.js']).replaceAll(',', ', ')}`,
    ]);
  });

  it('node takes them: a 1 GB heap ceiling', () => {
    const run = spawnSync(
      process.execPath,
      [...flags, '-e', 'console.log(require("node:v8").getHeapStatistics().heap_size_limit)'],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    const limitMb = Number(run.stdout.trim()) / 2 ** 20;
    // V8 adds its young generation's room to the old generation's ceiling.
    expect(limitMb).toBeGreaterThanOrEqual(1024);
    expect(limitMb).toBeLessThan(1200);
  });
});
