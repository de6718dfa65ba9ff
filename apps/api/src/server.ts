import { createServer } from 'node:http';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { loadEnv } from './config/env';
import { isDatabaseUnavailable } from './db/errors';
import { DEMO_ADMIN } from './demo/demo-data';
import { createLogger } from './lib/logger';

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env.logLevel);
  const { ctx, printedCredentials } = await bootstrap(env, logger);
  const { app } = createApp(ctx);
  const server = createServer(app);
  server.listen(env.port, () => {
    logger.info(
      { port: env.port, database: ctx.database.kind },
      `Jarog API listening on http://localhost:${env.port}`,
    );
    const lines = [`Jarog API: http://localhost:${env.port}  (database: ${ctx.database.kind})`];
    if (printedCredentials) {
      lines.push(
        'A root user was created. Sign in to the console with:',
        `  email:    ${printedCredentials.email}`,
        `  password: ${printedCredentials.password}`,
        `(also saved in ${env.dataDir}/secrets/root-credentials.txt)`,
      );
    } else if (!env.databaseUrl) {
      lines.push(`Root sign-in details (if generated) are in ${env.dataDir}/secrets/root-credentials.txt`);
    }
    if (env.demoData !== false && !env.databaseUrl) {
      lines.push(`Demo admin (if demo data was loaded): ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  });
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      void ctx.database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  // A database that went away is an outage to ride out, not a reason to exit: the pool reconnects on
  // the next query. Anything else unexpected ends the process so the supervisor (npm start) restarts
  // it from a clean state.
  const onStray = (kind: string) => (err: unknown) => {
    if (isDatabaseUnavailable(err)) {
      logger.warn(
        { reason: err instanceof Error ? err.message : String(err) },
        `${kind}: database unavailable`,
      );
      return;
    }
    logger.fatal({ err }, `${kind}: exiting`);
    process.exit(1);
  };
  process.on('unhandledRejection', onStray('unhandled rejection'));
  process.on('uncaughtException', onStray('uncaught exception'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Jarog API failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
