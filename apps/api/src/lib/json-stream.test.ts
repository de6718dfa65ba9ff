import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
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
});
