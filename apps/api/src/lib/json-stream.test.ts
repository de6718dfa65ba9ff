import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import express, { type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { compressJson } from './encoding';
import { writeJsonInPieces } from './json-stream';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('writeJsonInPieces', () => {
  it('sends the same bytes as JSON.stringify to a slow reader, without piling up listeners on the response', async () => {
    // ~4 MB of JSON in 64 KB pieces: the socket fills many times, so most pieces wait for 'drain'.
    const value = Array.from({ length: 20_000 }, (_, i) => ({ i, name: `Bird ${i}`, note: 'x'.repeat(150) }));
    const listeners: number[] = [];
    server = http.createServer(async (req, res) => {
      res.setHeader('Content-Type', 'application/json');
      const write = res.write.bind(res);
      res.write = ((chunk: unknown, ...rest: never[]) => {
        listeners.push(res.listenerCount('close') + res.listenerCount('error'));
        return write(chunk as string, ...rest);
      }) as typeof res.write;
      await writeJsonInPieces(res as unknown as Response, value, '\n');
      res.end();
      req.resume();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      http.get({ port, host: '127.0.0.1', path: '/' }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => {
          parts.push(d);
          // A slow phone: stop reading for a moment after every piece.
          res.pause();
          setImmediate(() => res.resume());
        });
        res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        res.on('error', reject);
      });
    });
    expect(body).toBe(`${JSON.stringify(value)}\n`);
    expect(listeners.length).toBeGreaterThan(50);
    // Node's own listeners plus none left behind by earlier waits.
    expect(Math.max(...listeners)).toBeLessThanOrEqual((listeners[0] ?? 0) + 1);
  });

  it('waits for room on a compressed answer without piling up drain listeners', async () => {
    // ~4 MB of JSON through the compression middleware: its zlib stream fills and drains many times. It takes a
    // response's 'drain' listeners and cannot remove them (expressjs/compression#135): one per wait made Node warn.
    const value = Array.from({ length: 20_000 }, (_, i) => ({
      i,
      name: `Bird ${i}`,
      note: `${i}`.repeat(40),
    }));
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    let waits = 0;
    const app = express();
    app.use(compressJson);
    app.get('/', async (_req, res) => {
      res.type('application/json');
      const write = res.write.bind(res);
      res.write = ((chunk: unknown, ...rest: never[]) => {
        const room = write(chunk as string, ...rest);
        if (!room) waits++;
        return room;
      }) as typeof res.write;
      await writeJsonInPieces(res, value);
      res.end();
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<Buffer>((resolve, reject) => {
      http.get({ port, host: '127.0.0.1', path: '/', headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => {
          parts.push(d);
          res.pause();
          setImmediate(() => res.resume());
        });
        res.on('end', () => resolve(Buffer.concat(parts)));
        res.on('error', reject);
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(gunzipSync(body).toString('utf8')).toBe(JSON.stringify(value));
    expect(waits).toBeGreaterThan(10);
    expect(warnings.filter((w) => w.includes('drain'))).toEqual([]);
  });

  it('gives other requests turns while a reader that keeps up takes a large answer', async () => {
    // ~10 MB. The reader runs in a thread of its own and takes every piece at once: each write is done before
    // it returns, the socket reports 'drain' before the event loop runs again, and without pacing the whole
    // answer went out in one turn, a timer set before it running only after it.
    const value = Array.from({ length: 60_000 }, (_, i) => ({ i, name: `Bird ${i}`, note: 'x'.repeat(150) }));
    let timerRanDuringWrite = false;
    server = http.createServer(async (_req, res) => {
      let writing = true;
      setTimeout(() => {
        timerRanDuringWrite = writing;
      }, 0);
      res.setHeader('Content-Type', 'application/json');
      await writeJsonInPieces(res as unknown as Response, value);
      writing = false;
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const reader = new Worker(
      `const http = require('node:http');
       const { parentPort, workerData } = require('node:worker_threads');
       http.get({ host: '127.0.0.1', port: workerData.port, path: '/' }, (res) => {
         let bytes = 0;
         res.on('data', (d) => { bytes += d.length; });
         res.on('end', () => parentPort.postMessage(bytes));
       });`,
      { eval: true, workerData: { port } },
    );
    const [bytes] = await once(reader, 'message');
    await reader.terminate();
    expect(bytes).toBe(Buffer.byteLength(JSON.stringify(value)));
    expect(timerRanDuringWrite).toBe(true);
  });
});
