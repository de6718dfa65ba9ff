import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { loadEnv } from './config/env';

/**
 * Starts a complete API on a port (0 = any free one) with the given environment.
 * Used by the browser end-to-end tests, which run against the built bundle.
 */
export async function startApi(opts: { port?: number; env: Record<string, string | undefined> }) {
  const env = loadEnv({ LOG_LEVEL: 'warn', ...opts.env });
  const { ctx, printedCredentials } = await bootstrap(env);
  const { app } = createApp(ctx);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
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
