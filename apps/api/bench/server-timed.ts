/**
 * The API as `npm start` runs it, with each response carrying `Server-Timing: db;dur=<ms>, app;dur=<ms>`: the
 * wall time the request spent with at least one SQL statement in flight, and the time from the request reaching
 * the server to its response headers being written (the ratio measured at the server, without the HTTP client's
 * and the socket's fixed cost). Benchmark use only (the bench
 * starts the API through this file); the app itself is unchanged.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EmbeddedPglite } from '../src/db/pglite-worker';

interface Clock {
  /** When the request reached the server. */
  start: number;
  inflight: number;
  since: number;
  total: number;
}
const als = new AsyncLocalStorage<Clock>();

function track<T>(result: T): T {
  const clock = als.getStore();
  if (!clock || !(result instanceof Promise)) return result;
  if (clock.inflight++ === 0) clock.since = performance.now();
  const done = () => {
    if (--clock.inflight === 0) clock.total += performance.now() - clock.since;
  };
  result.then(done, done);
  return result;
}

type AnyFn = (...args: unknown[]) => unknown;
function wrap(proto: object, name: string): void {
  const target = proto as Record<string, AnyFn>;
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = function (this: unknown, ...args: unknown[]) {
    return track(original.apply(this, args));
  };
}
wrap(pg.Pool.prototype, 'query');
wrap(pg.Client.prototype, 'query');
wrap(PGlite.prototype, 'query');
wrap(PGlite.prototype, 'exec');
// The embedded database runs in a thread behind EmbeddedPglite: every operation goes through send().
wrap(EmbeddedPglite.prototype, 'send');

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event !== 'request') return emit.call(this, event, ...args);
  const clock = { start: performance.now(), inflight: 0, since: 0, total: 0 };
  return als.run(clock, () => emit.call(this, event, ...args));
} as typeof emit;
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
  const clock = als.getStore();
  if (clock && !this.headersSent) {
    const now = performance.now();
    const open = clock.inflight > 0 ? now - clock.since : 0;
    const db = (clock.total + open).toFixed(3);
    this.setHeader('Server-Timing', `db;dur=${db}, app;dur=${(now - clock.start).toFixed(3)}`);
  }
  return (writeHead as AnyFn).apply(this, args);
} as typeof writeHead;

await import('../src/server');
