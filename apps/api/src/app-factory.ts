import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { loadEnv } from './config/env';

export { migratedPgliteTemplate } from './db/client';

/**
 * Starts a complete API on a port (0 = any free one) with the given environment.
 * Used by the browser end-to-end tests, which run against the built bundle. The port is opened
 * first, so PUBLIC_API_URL (the base of media URLs) defaults to the address actually served.
 */
export async function startApi(opts: {
  port?: number;
  env: Record<string, string | undefined>;
  /** A new embedded database starts as a copy of this migrated dump (migratedPgliteTemplate), as in the API tests. */
  pgliteTemplate?: Uint8Array;
}) {
  let app: Express | undefined;
  const server = createServer((req, res) => {
    if (app) app(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const env = loadEnv({ LOG_LEVEL: 'warn', PUBLIC_API_URL: `http://127.0.0.1:${port}`, ...opts.env });
  const { ctx, printedCredentials } = await bootstrap(env, undefined, {
    pgliteTemplate: opts.pgliteTemplate,
  });
  app = createApp(ctx).app;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: env.dataDir,
    printedCredentials,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.database.close();
    },
  };
}
