import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    server: 'src/server.ts',
    'app-factory': 'src/app-factory.ts',
    // The .xlsx reader's thread (src/lib/xlsx-worker.ts starts it by path).
    'xlsx-thread': 'src/lib/xlsx-thread.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // The contracts package is TypeScript source: bundle it; everything else stays in node_modules.
  noExternal: ['@jarog/contracts'],
  // The embedded database's thread (plain CommonJS, started by path: see src/db/pglite-worker.ts).
  onSuccess: async () => copyFileSync('src/db/pglite-thread.cjs', 'dist/pglite-thread.cjs'),
});
