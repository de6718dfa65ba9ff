import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from './compress.mjs';
import {
  acceptedEncodings,
  apiUrlFromEnv,
  configScript,
  contentSecurityPolicy,
  inlineScriptHashes,
  startWebServer,
  type WebServer,
} from './serve.mjs';

const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"raven ${i}"}`).join(',')}];\n`;

const BOOT = "document.documentElement.classList.add('boot-anonymous');";
const INDEX_HTML = `<!doctype html><head><title>app</title><script src="/config.js"></script><script>${BOOT}</script><script type="module" src="/assets/app-abc123.js"></script></head>`;

let dist: string;

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
  });
}
let web: WebServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'jarog-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(dist, 'assets', 'big-def456.js'), BIG_JS);
  await writeFile(path.join(dist, 'assets', 'photo-0a1b2c.png'), Buffer.alloc(4096, 7));
  await compressDist(dist);
  web = await startWebServer({ port: 0, host: '127.0.0.1', distDir: dist, apiUrl: 'http://api.test:1' });
});

afterAll(async () => {
  await web.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serve.mjs', () => {
  it('serves /config.js from the API URL, uncached, and follows setApiUrl', async () => {
    let res = await fetch(`${web.url}/config.js`);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(configScript('http://api.test:1'));
    web.setApiUrl('http://api.test:2');
    res = await fetch(`${web.url}/config.js`);
    expect(await res.text()).toContain('"apiUrl":"http://api.test:2"');
  });

  it('caches hashed assets for long and index.html not at all', async () => {
    const asset = await fetch(`${web.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('max-age=31536000');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    const index = await fetch(`${web.url}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const svg = await fetch(`${web.url}/favicon.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers unknown app paths with index.html but missing assets with 404', async () => {
    const page = await fetch(`${web.url}/admins/42/edit?x=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>app</title>');
    expect((await fetch(`${web.url}/assets/gone.js`)).status).toBe(404);
  });

  it('never serves files outside dist', async () => {
    const res = await fetch(`${web.url}/%2e%2e/%2e%2e/etc/passwd`);
    expect(await res.text()).toContain('<title>app</title>');
  });

  it('sends the precompressed twin the browser accepts, brotli first, and the plain file otherwise', async () => {
    const url = `${web.url}/assets/big-def456.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(BIG_JS.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);

    const gz = await rawGet(url, 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);

    // Images are already compressed: no twins are written for them.
    const png = await rawGet(`${web.url}/assets/photo-0a1b2c.png`, 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });

  it('reads Accept-Encoding with q-values and the wildcard', () => {
    expect([...acceptedEncodings('gzip, br')]).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5').has('br')).toBe(false);
    expect(acceptedEncodings('*').has('br')).toBe(true);
    expect(acceptedEncodings('*, br;q=0').has('br')).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });

  it('sends a strict CSP naming the API origin, and the usual security headers, on every answer', async () => {
    for (const p of ['/', '/login', '/config.js', '/assets/app-abc123.js']) {
      const res = await fetch(`${web.url}${p}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self' http:\/\/api\.test:\d/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(contentSecurityPolicy('https://api.example.bt/base')).toContain(
      "connect-src 'self' https://api.example.bt;",
    );
  });

  it('writes the runtime settings into index.html and lets only its own inline scripts run, by hash', async () => {
    web.setApiUrl('http://api.test:3');
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await rawGet(`${web.url}/login`, encoding);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.body).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.body).toString()
            : res.body.toString();
      expect(res.headers['content-encoding']).toBe(encoding);
      const settings = configScript('http://api.test:3');
      expect(body).toContain(`<script>${settings}</script>`);
      expect(body).not.toContain('src="/config.js"');
      const csp = String(res.headers['content-security-policy']);
      const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      expect(csp).toContain(`script-src 'self' ${sha(settings)} ${sha(BOOT)};`);
    }
    // A script that is not the page's own has no hash in the policy.
    expect(inlineScriptHashes('<script src="/x.js"></script><script>a()</script>')).toEqual([
      `sha256-${createHash('sha256').update('a()').digest('base64')}`,
    ]);
    // Other answers carry no hashes at all.
    const asset = await fetch(`${web.url}/assets/app-abc123.js`);
    expect(asset.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    web.setApiUrl('http://api.test:1');
  });

  it('reads the API URL from the environment', () => {
    expect(apiUrlFromEnv({ API_URL: 'https://api.jarog.bt' })).toBe('https://api.jarog.bt');
    expect(apiUrlFromEnv({ PORT_OF_API: '9090' })).toBe('http://localhost:9090');
    expect(apiUrlFromEnv({})).toBe('http://localhost:8080');
  });
});
