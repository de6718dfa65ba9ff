import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is optional; defaults give a working
 * embedded setup (PGlite in DATA_DIR, mail to DATA_DIR/outbox).
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const flag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 0, 1, true or false' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
);

const EnvSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('development'),
    ),
    PORT: port(8080),
    WEB_PORT: port(3000),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
        .optional(),
    ),
    ROOT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ROOT_PASSWORD: optionalString,
    DEMO_DATA: flag,
    JWT_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Jarog <no-reply@jarog.bt>')),
    PUBLIC_WEB_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    PUBLIC_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    CORS_ORIGINS: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_AUTH_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    ),
    GOOGLE_TOKEN_URL: z.preprocess(emptyToUndefined, z.url().default('https://oauth2.googleapis.com/token')),
    GOOGLE_USERINFO_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    TRUST_PROXY: flag,
    /** Hosts whose https addresses are accepted as birder and entry photos (comma-separated). */
    PHOTO_URL_HOSTS: z.preprocess(emptyToUndefined, z.string().default('res.cloudinary.com')),
    /** The Darwin Core Archive's metadata (issue 13): licence, publisher and contact written into eml.xml. */
    DWCA_LICENSE: z.preprocess(
      emptyToUndefined,
      z
        .enum(['CC0-1.0', 'CC-BY-4.0', 'CC-BY-NC-4.0'], {
          error: 'must be CC0-1.0, CC-BY-4.0 or CC-BY-NC-4.0',
        })
        .default('CC-BY-4.0'),
    ),
    DWCA_PUBLISHER: z.preprocess(
      emptyToUndefined,
      z.string().default('Department of Forests and Park Services, Royal Government of Bhutan'),
    ),
    DWCA_CONTACT_NAME: z.preprocess(emptyToUndefined, z.string().default('Druk eBird data manager')),
    DWCA_CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('ebird@dofps.gov.bt')),
    /** How long one SQL statement may run before it is stopped and the request answered 503 (ms; 0: no limit). */
    STATEMENT_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a whole number of milliseconds' })
        .int('must be a whole number of milliseconds')
        .min(0, 'must be 0 (no limit) or more')
        .default(60_000),
    ),
    /** Memory for answers already computed under the current data version (MB; 0: none). */
    RESPONSE_CACHE_MB: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a whole number of megabytes' })
        .int('must be a whole number of megabytes')
        .min(0, 'must be 0 (no cache) or more')
        .max(4096, 'must be at most 4096')
        .default(64),
    ),
  })
  .transform((e) => ({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    webPort: e.WEB_PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    rootEmail: e.ROOT_EMAIL?.toLowerCase(),
    rootPassword: e.ROOT_PASSWORD,
    demoData: e.DEMO_DATA,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // The console started beside the API (npm start) serves on WEB_PORT.
    publicWebUrl: (e.PUBLIC_WEB_URL ?? `http://localhost:${e.WEB_PORT}`).replace(/\/+$/, ''),
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    // Exactly CORS_ORIGINS, else the console's own origin (a local console also under its other
    // loopback name); never an origin the configuration does not name.
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim().replace(/\/+$/, ''))
          .filter(Boolean)
      : consoleOrigins(e.PUBLIC_WEB_URL ?? `http://localhost:${e.WEB_PORT}`),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userInfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    photoUrlHosts: e.PHOTO_URL_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    responseCacheMb: e.RESPONSE_CACHE_MB,
    dwca: {
      license: e.DWCA_LICENSE,
      publisher: e.DWCA_PUBLISHER,
      contactName: e.DWCA_CONTACT_NAME,
      contactEmail: e.DWCA_CONTACT_EMAIL,
    },
  }));

export type Env = z.output<typeof EnvSchema>;
export type GoogleConfig = NonNullable<Env['google']>;

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The console's origin; a loopback console (localhost or 127.0.0.1) under both names. */
function consoleOrigins(webUrl: string): string[] {
  const url = new URL(webUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`];
}
