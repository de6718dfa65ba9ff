import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './config/env';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { loadDemoData } from './demo/demo-data';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { hashPassword } from './lib/passwords';
import { loadOrCreateSecret } from './lib/secrets';
import { LocalStorage } from './lib/storage';
import { createTokenSigner } from './lib/tokens';
import { recordActivity } from './modules/notifications/notifications.service';
import { discardHiddenImports } from './modules/records/ingest.staging';
import { usersRepository } from './modules/users/users.repository';
import { generatePassword } from './modules/users/users.service';

export interface Started {
  ctx: AppContext;
  /** Set when this start created the first root-user with a generated password. */
  printedCredentials?: { email: string; password: string };
}

/** Opens the database, migrates it, makes sure a root-user exists and loads demo data when asked. */
export async function bootstrap(
  env: Env,
  logger: Logger = createLogger(env.logLevel),
  opts: {
    database?: Database;
    /** On the embedded default, a new folder starts as a copy of this dump (openDatabase's pgliteTemplate). */
    pgliteTemplate?: Uint8Array;
  } = {},
): Promise<Started> {
  const dataDir = path.resolve(env.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: path.join(dataDir, 'pglite'),
      statementTimeoutMs: env.statementTimeoutMs,
      pgliteTemplate: opts.pgliteTemplate,
      onConnectionError: (err) =>
        logger.warn(
          { code: (err as { code?: string }).code, reason: err.message },
          'database connection lost; it is dropped and the next request opens a new one',
        ),
    }));
  let ready = false;
  const mediaDir = path.join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const ctx: AppContext = {
    env,
    database,
    logger,
    mailer: createMailer({
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      outboxDir: path.join(dataDir, 'outbox'),
      logger,
    }),
    storage: new LocalStorage(mediaDir, env.publicApiUrl),
    tokens: createTokenSigner(env.jwtSecret ?? loadOrCreateSecret(dataDir)),
    mediaDir,
    ready: () => ready,
  };
  await database.migrate();
  const discarded = await discardHiddenImports(database.db);
  if (discarded > 0) logger.warn({ checklists: discarded }, 'removed the hidden rows of unfinished uploads');
  const wasEmpty = (await usersRepository.countAll(database.db)) === 0;
  const printedCredentials = await ensureRootUser(ctx, dataDir);
  const demo = env.demoData ?? (database.kind === 'pglite' && wasEmpty);
  if (demo) await loadDemoData(ctx);
  await database.analyze();
  ready = true;
  return { ctx, ...(printedCredentials ? { printedCredentials } : {}) };
}

/**
 * Creates the first root-user when none exists: from ROOT_EMAIL/ROOT_PASSWORD, or, on the embedded
 * default, with a generated password that is printed and kept in DATA_DIR/secrets. With DATABASE_URL
 * and no credentials it refuses to start rather than leave a console nobody can enter.
 */
async function ensureRootUser(
  ctx: AppContext,
  dataDir: string,
): Promise<{ email: string; password: string } | undefined> {
  const db = ctx.database.db;
  if ((await usersRepository.countRoots(db)) > 0) return undefined;
  const { rootEmail, rootPassword, databaseUrl } = ctx.env;
  if ((!rootEmail || !rootPassword) && databaseUrl) {
    throw new Error('No root user exists yet: set ROOT_EMAIL and ROOT_PASSWORD to create the first one.');
  }
  if (rootPassword !== undefined && (rootPassword.length < 8 || rootPassword.length > 128)) {
    throw new Error('ROOT_PASSWORD must be 8 to 128 characters long.');
  }
  const email = rootEmail ?? 'root@jarog.local';
  const password = rootPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const existing = await usersRepository.findByEmail(db, email);
  await db.transaction(async (tx) => {
    const user = existing
      ? await usersRepository.update(tx, existing.id, {
          userType: 'root-user',
          isDeactivated: false,
          passwordHash,
        })
      : await usersRepository.insert(tx, { name: 'Root Admin', email, passwordHash, userType: 'root-user' });
    await recordActivity(tx, null, `Root user ${user?.email ?? email} created at first start`);
  });
  if (rootPassword) return undefined;
  const file = path.join(dataDir, 'secrets', 'root-credentials.txt');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
  return { email, password };
}

export type { Env };
