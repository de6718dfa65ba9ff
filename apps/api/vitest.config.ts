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
    // Workers: vitest's default, one per core. One more kept the cores busier while the lock and restart tests wait
    // (PGlite suite 5 min 14 s → 3 min 46 s) but, beside the console's unit tests in CI, pushed bootstrap.test.ts's
    // initdb past its 30 s limit.
    globalSetup: ['test/global-setup.ts'],
  },
});
