#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of the built console (dist/), at
// the highest levels, once at build time; scripts/serve.mjs then sends the twin the browser accepts, so no request
// pays for compression. Node's own zlib does both: no dependency for what the runtime already ships.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|webmanifest)$/i;
/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 512;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every eligible file under distDir; returns {files, bytes, br, gz} totals. */
export async function compressDist(distDir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for await (const file of files(distDir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A twin that is not smaller is useless: the server then sends the file itself.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += body.length;
    totals.br += Math.min(br.length, body.length);
    totals.gz += Math.min(gz.length, body.length);
  }
  return totals;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const distDir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  );
  const t = await compressDist(distDir);
  const kib = (n) => `${Math.round(n / 1024)} KiB`;
  console.log(`compressed ${t.files} files: ${kib(t.bytes)} → brotli ${kib(t.br)}, gzip ${kib(t.gz)}`);
}
