import pino from 'pino';

export type Logger = pino.Logger;

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
/** argon2 and bcrypt hashes, wherever they appear in text. */
const HASH = /\$(argon2(id|i|d)|2[abxy])\$[^\s'"]+/g;
/** A bearer token or a JWT in text. */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/** `dorji@example.bt` → `d***@example.bt`; hashes and tokens in the text → `[redacted]`. */
export function maskText(text: string): string {
  return text.replace(HASH, '[redacted]').replace(JWT, '[redacted]').replace(EMAIL, '$1***@$2');
}

interface DbErrorLike {
  message?: unknown;
  name?: unknown;
  stack?: unknown;
  code?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/**
 * Errors as log fields without the values they may carry. A failed query (Drizzle wraps it with
 * `query` and `params`, and puts both in its message) is logged with its statement only; a
 * PostgreSQL error keeps its code, constraint, table and column but not `detail` (which repeats
 * the row's values, e.g. "Key (email)=(…) already exists"); other messages have e-mails masked.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (typeof err !== 'object' || err === null) return { message: maskText(String(err)) };
  const e = err as DbErrorLike;
  const out: Record<string, unknown> = { type: typeof e.name === 'string' ? e.name : 'Error' };
  if (typeof e.query === 'string') {
    out.message = 'Failed query (parameters not logged)';
    out.query = e.query;
  } else if (typeof e.message === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    // A PostgreSQL message quotes the value it choked on ('invalid input syntax for type integer: "…"').
    out.message = maskText(e.message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"'));
  } else if (typeof e.message === 'string') {
    out.message = maskText(e.message);
  }
  for (const key of ['code', 'routine', 'constraint', 'table', 'column'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key];
  }
  if (typeof e.stack === 'string') {
    // The stack's first line repeats the message: keep only the frames.
    out.stack = e.stack
      .split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The API's logger; `destination` lets a test read the lines written. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        'password',
        'passwordHash',
        'token',
        '*.password',
        '*.passwordHash',
        '*.password_hash',
        '*.confirmPassword',
        '*.passwordCurrent',
        '*.token',
        '*.otp',
        '*.params',
      ],
      remove: true,
    },
    serializers: { err: serializeError, error: serializeError },
    formatters: {
      // E-mails anywhere at the top of a line (`to`, `email`, messages) are masked.
      log: (obj) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(obj)) out[k] = typeof v === 'string' ? maskText(v) : v;
        return out;
      },
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? maskText(a) : a)) as Parameters<typeof method>,
        );
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
