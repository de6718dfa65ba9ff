import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrlFromEnv, configScript, startWebServer, type WebServer } from './serve.mjs';

let dist: string;
let web: WebServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'jarog-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
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

  it('reads the API URL from the environment', () => {
    expect(apiUrlFromEnv({ API_URL: 'https://api.jarog.bt' })).toBe('https://api.jarog.bt');
    expect(apiUrlFromEnv({ PORT_OF_API: '9090' })).toBe('http://localhost:9090');
    expect(apiUrlFromEnv({})).toBe('http://localhost:8080');
  });
});
