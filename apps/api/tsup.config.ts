import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts', 'app-factory': 'src/app-factory.ts' },
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
