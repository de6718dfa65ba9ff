#!/usr/bin/env node
// Serves the built console (dist/) with no dependencies:
// - /config.js is generated from the API URL, so one build runs against any API;
// - /assets/* are content-hashed, so they are cached for a year; index.html never is;
// - each file is sent as its brotli or gzip twin (written at build time by scripts/compress.mjs) when the
//   browser accepts it, so nothing is compressed per request;
// - any other path that is not a file gets index.html (the router decides; SPA fallback).
// Run: `node scripts/serve.mjs` (env WEB_PORT, default 3000; API_URL, default http://localhost:${PORT_OF_API:-8080}).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** The body of /config.js: the settings the app reads before it starts (see src/app/runtime-config.ts). */
export function configScript(apiUrl) {
  return `window.__JAROG__ = ${JSON.stringify({ apiUrl })};\n`;
}

/** The API URL from the environment: API_URL, else localhost on PORT_OF_API (default 8080). */
export function apiUrlFromEnv(env = process.env) {
  return env.API_URL?.trim() || `http://localhost:${env.PORT_OF_API?.trim() || 8080}`;
}

/** Build-time twins, best first: file extension and Content-Encoding. */
const ENCODINGS = [
  { coding: 'br', ext: '.br' },
  { coding: 'gzip', ext: '.gz' },
];

/** The codings an Accept-Encoding header allows (q > 0), lower-cased; `*` allows any not named. */
export function acceptedEncodings(header) {
  const allowed = new Set();
  const refused = new Set();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) refused.add(name);
    else allowed.add(name);
  }
  if (allowed.has('*')) for (const { coding } of ENCODINGS) if (!refused.has(coding)) allowed.add(coding);
  return allowed;
}

/** The smallest acceptable twin of `file` that exists: {path, size, coding}, else the file itself. */
async function pickVariant(file, size, acceptEncoding) {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { coding, ext } of ENCODINGS) {
    if (!accepted.has(coding)) continue;
    const twin = await fileStats(file + ext);
    if (twin) return { path: file + ext, size: twin.size, coding };
  }
  return { path: file, size, coding: null };
}

/**
 * The console's Content-Security-Policy. The session token lives in localStorage, so no script may
 * run but the console's own files: script-src 'self' (no eval, no 'unsafe-inline'); index.html's two
 * inline scripts (the runtime settings and the boot script) are allowed by their SHA-256 hashes, on
 * index.html's answers only. The app talks only to
 * itself and the API; images may also come from the API's media, data:/blob: previews and species
 * photos linked over https. Ant Design writes its styles at run time into <style> elements, hence
 * style-src 'unsafe-inline' (styles cannot run code). Nobody may frame the console (clickjacking).
 */
export function contentSecurityPolicy(apiUrl, scriptHashes = []) {
  let api = '';
  try {
    api = new URL(apiUrl).origin;
  } catch {
    api = '';
  }
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${api}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${api}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function securityHeaders(res, apiUrl) {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(apiUrl));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
}

/** Resolves a URL path inside distDir, or null when it would escape it. */
function resolveInside(distDir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(distDir, `.${path.posix.normalize(decoded)}`);
  return file === distDir || file.startsWith(distDir + path.sep) ? file : null;
}

async function fileStats(file) {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** The hashes (CSP source form, `sha256-…`) of every inline <script> in an HTML page. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * index.html as sent: the runtime settings written inline in the place of `<script src="/config.js">`, so the
 * first paint waits for no other request; with the hashes of its inline scripts and its compressed twins,
 * made once per build and API URL.
 */
function indexPages(indexFile) {
  let cached = { key: '', page: null };
  return async (apiUrl) => {
    const stats = await fileStats(indexFile);
    const key = `${stats?.mtimeMs}:${apiUrl}`;
    if (cached.key === key) return cached.page;
    const source = (await readFile(indexFile)).toString('utf8');
    const settings = configScript(apiUrl).replaceAll('<', '\\u003c');
    const html = source.replace('<script src="/config.js"></script>', () => `<script>${settings}</script>`);
    const body = Buffer.from(html);
    const page = {
      plain: body,
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: zlib.gzipSync(body, { level: 9 }),
      hashes: inlineScriptHashes(html),
    };
    cached = { key, page };
    return page;
  };
}

/**
 * Starts the static server. `apiUrl` may be a string or a function (read on every /config.js request),
 * so a test can start the web server first and point it at an API started afterwards (setApiUrl).
 * Resolves to { server, url, port, setApiUrl, close }.
 */
export async function startWebServer({
  port = 3000,
  host = '0.0.0.0',
  distDir = path.join(here, '..', 'dist'),
  apiUrl,
} = {}) {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  let currentApiUrl = apiUrl ?? apiUrlFromEnv();
  const readApiUrl = () => (typeof currentApiUrl === 'function' ? currentApiUrl() : currentApiUrl);
  const indexPage = indexPages(indexFile);

  const server = http.createServer(async (req, res) => {
    try {
      securityHeaders(res, readApiUrl());
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed');
        return;
      }
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');

      if (pathname === '/config.js') {
        const body = configScript(readApiUrl());
        res.writeHead(200, {
          'Content-Type': MIME_TYPES['.js'],
          'Cache-Control': 'no-store',
          'Content-Length': Buffer.byteLength(body),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }

      const file = resolveInside(root, pathname);
      const stats = file && (await fileStats(file));
      if (file && stats && file !== indexFile) {
        const ext = path.extname(file).toLowerCase();
        const variant = await pickVariant(file, stats.size, req.headers['accept-encoding']);
        res.writeHead(200, {
          'Content-Type': MIME_TYPES[ext] ?? 'application/octet-stream',
          'Content-Length': variant.size,
          'Cache-Control': pathname.startsWith('/assets/') ? LONG_CACHE : NO_CACHE,
          'Last-Modified': stats.mtime.toUTCString(),
          Vary: 'Accept-Encoding',
          ...(variant.coding ? { 'Content-Encoding': variant.coding } : {}),
        });
        if (req.method === 'HEAD') res.end();
        else createReadStream(variant.path).pipe(res);
        return;
      }

      // A missing hashed asset is a real 404 (an old tab asking for a replaced build), not the app.
      if (pathname.startsWith('/assets/')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE });
        res.end('Not Found');
        return;
      }

      const apiNow = readApiUrl();
      const page = await indexPage(apiNow);
      const coding = ENCODINGS.map((e) => e.coding).find((c) =>
        acceptedEncodings(req.headers['accept-encoding']).has(c),
      );
      const html = coding === 'br' ? page.br : coding === 'gzip' ? page.gzip : page.plain;
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(apiNow, page.hashes));
      res.writeHead(200, {
        'Content-Type': MIME_TYPES['.html'],
        'Content-Length': html.length,
        'Cache-Control': NO_CACHE,
        Vary: 'Accept-Encoding',
        ...(coding ? { 'Content-Encoding': coding } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : html);
    } catch (err) {
      console.error('[web] request failed', err);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: boundPort,
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${boundPort}`,
    setApiUrl(next) {
      currentApiUrl = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const port = Number(process.env.WEB_PORT?.trim() || 3000);
  const distDir = process.env.WEB_DIST_DIR?.trim() || path.join(here, '..', 'dist');
  const apiUrl = apiUrlFromEnv();
  try {
    await stat(path.join(distDir, 'index.html'));
  } catch {
    console.error(`[web] ${distDir}/index.html not found: run \`pnpm --filter @jarog/web build\` first.`);
    process.exit(1);
  }
  const web = await startWebServer({ port, distDir, apiUrl });
  console.log(`[web] console on http://0.0.0.0:${web.port} (API ${apiUrl})`);
  const stop = () => {
    void web.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
