/**
 * The API as `npm start` runs it, with each response carrying `Server-Timing: db;dur=<ms>`: the wall
 * time the request spent with at least one SQL statement in flight. Benchmark use only (the bench
 * starts the API through this file); the app itself is unchanged.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EmbeddedPglite } from '../src/db/pglite-worker';

interface Clock {
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
  return als.run({ inflight: 0, since: 0, total: 0 }, () => emit.call(this, event, ...args));
} as typeof emit;
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
  const clock = als.getStore();
  if (clock && !this.headersSent) {
    const open = clock.inflight > 0 ? performance.now() - clock.since : 0;
    this.setHeader('Server-Timing', `db;dur=${(clock.total + open).toFixed(2)}`);
  }
  return (writeHead as AnyFn).apply(this, args);
} as typeof writeHead;

await import('../src/server');
