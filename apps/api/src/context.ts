import type { Env } from './config/env';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import type { TokenSigner } from './lib/tokens';

/** Everything a service needs from the outside world; built once in server.ts (or by a test). */
export interface AppContext {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  tokens: TokenSigner;
  /** Folder served at /media (the local storage root). */
  mediaDir: string;
  /** True once migrations are applied; /healthz answers 503 until then. */
  ready: () => boolean;
}
