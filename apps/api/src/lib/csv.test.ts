import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { streamCsv } from './csv';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('streamCsv', () => {
  it('stops reading batches and returns when the client goes away mid-download', async () => {
    let batchesRead = 0;
    let closedBatches = false;
    // Far more rows than one socket buffer holds, so the writer has to wait for the client.
    async function* batches() {
      try {
        for (let b = 0; b < 10_000; b += 1) {
          batchesRead += 1;
          yield Array.from({ length: 500 }, (_, i) => [`Bird ${b}-${i}`, 'x'.repeat(100), i]);
        }
      } finally {
        closedBatches = true;
      }
    }
    let finishedStreaming: Promise<void> | undefined;
    const app = express();
    app.get('/', (_req, res) => {
      finishedStreaming = streamCsv(res, 'birds.csv', ['name', 'note', 'n'], batches());
    });
    server = http.createServer(app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/' }, (res) => {
        res.once('data', () => {
          // A phone that loses its signal after the first bytes.
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
    });
    await finishedStreaming;
    expect(closedBatches).toBe(true);
    expect(batchesRead).toBeLessThan(10_000);
  });
});
