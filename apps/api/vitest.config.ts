import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file opens its own database and app, and none mocks a module or changes the environment, so files
    // share their worker's loaded modules: importing the API afresh cost every file 2-3 s (PGlite suite on a 2-core
    // machine: 7 min 26 s isolated, 5 min 14 s shared).
    isolate: false,
    // Some files wait on purpose (a stale lock, a server restarting): one worker more than cores keeps the cores busy
    // (the same suite: 5 min 14 s with 2 workers, 3 min 46 s with 3).
    maxWorkers: availableParallelism() + 1,
    globalSetup: ['test/global-setup.ts'],
  },
});
