import { describe, expect, it } from 'vitest';
import { databaseUnavailable, isDatabaseUnavailable } from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server that is down, restarting or unreachable, also when Drizzle wraps the error', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: insert …', { cause: withCode('57P01') }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it('leaves other errors alone (they stay 500s or their own 4xx)', () => {
    for (const err of [
      withCode('23505', 'duplicate key'),
      withCode('22P02'),
      new Error('boom'),
      new Error('Failed query', { cause: withCode('42P01') }),
      undefined,
      'text',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After', () => {
    const e = databaseUnavailable();
    expect([e.status, e.code, e.headers]).toEqual([503, 'DATABASE_UNAVAILABLE', { 'Retry-After': '2' }]);
  });
});
