import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../vite.compile-hints-plugin';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A real (minified) Vite build of a page with a lazily imported chunk, with the plugin; its output files. */
async function buildSample(sourcemap: boolean): Promise<Map<string, string>> {
  const root = mkdtempSync(path.join(tmpdir(), 'jarog-hints-'));
  roots.push(root);
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'index.html'), '<script type="module" src="/src/main.js"></script>');
  writeFileSync(
    path.join(root, 'src/main.js'),
    '/* a comment the minifier drops */\nexport const shown = () => import("./later.js").then((m) => m.draw(2));\nshown();\n',
  );
  writeFileSync(path.join(root, 'src/later.js'), 'export function draw(n) { return n * 21; }\n');
  const outDir = path.join(root, 'dist');
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [compileHints()],
    build: { outDir, sourcemap },
  });
  const assets = path.join(outDir, 'assets');
  return new Map(readdirSync(assets).map((f) => [f, readFileSync(path.join(assets, f), 'utf8')]));
}

describe('compileHints (vite.compile-hints-plugin.ts)', () => {
  it('starts every built script chunk, the lazily loaded one too, with V8 compile hint', async () => {
    const files = await buildSample(false);
    const scripts = [...files].filter(([f]) => f.endsWith('.js'));
    expect(scripts.length).toBe(2);
    for (const [file, code] of scripts) {
      expect(code.split('\n')[0], file).toBe(COMPILE_HINT);
      // Once, and the chunk's own code is still there after it.
      expect(code.split(COMPILE_HINT).length, file).toBe(2);
    }
    expect(scripts.some(([, code]) => code.includes('21'))).toBe(true);
  }, 60_000);

  it('leaves chunks with a source map alone (a line added on top would shift every mapping)', async () => {
    const files = await buildSample(true);
    const scripts = [...files].filter(([f]) => f.endsWith('.js'));
    expect(scripts.length).toBe(2);
    for (const [file, code] of scripts) expect(code.startsWith(COMPILE_HINT), file).toBe(false);
  }, 60_000);
});
