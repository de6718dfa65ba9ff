import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  antdCssVarBlocks,
  importClosure,
  importedAntdComponents,
  SIGNED_OUT_ENTRIES,
  sheetParts,
  topLevelRules,
} from '../vite.antd-css-plugin';

const SRC = path.join(import.meta.dirname, '..', 'src');

/** The modules of app/routes.tsx's publicRoutes pages, read from its lazy imports (`const X = lazyPage(() => import('…')`). */
function publicRoutePages(): string[] {
  const text = readFileSync(path.join(SRC, 'app/routes.tsx'), 'utf8');
  const block = /export const publicRoutes[^=]*=\s*\[([\s\S]*?)\];/.exec(text)?.[1] ?? '';
  const pages = new Set([...block.matchAll(/Page:\s*(\w+)/g)].map((m) => m[1] as string));
  return [...pages].map((page) => {
    const source = new RegExp(`const ${page} = lazyPage\\(\\(\\) =>\\s*import\\('([^']+)'\\)`).exec(
      text,
    )?.[1];
    if (!source) throw new Error(`routes.tsx: no lazy import for ${page}`);
    return path.relative(SRC, path.resolve(SRC, 'app', source)).concat('.tsx');
  });
}

describe("the signed-out pages' antd sheet (vite.antd-css-plugin.ts)", () => {
  it('is made from every public page: a page left out would draw under zeroRuntime without its rules', () => {
    const pages = publicRoutePages();
    expect(pages).toContain('features/auth/LoginPage.tsx');
    for (const page of pages) expect(SIGNED_OUT_ENTRIES).toContain(page);
    expect(SIGNED_OUT_ENTRIES).toContain('features/auth/AuthLayout.tsx');
  });

  it("holds the components those pages draw, and only components the console's sheet holds too", () => {
    const files = importClosure(SIGNED_OUT_ENTRIES.map((f) => path.join(SRC, f)));
    // What the sign-in page imports by relative path is followed (its flash message, the form rules).
    expect(files).toContain(path.join(SRC, 'components/FlashMessage.tsx'));
    const auth = importedAntdComponents(files);
    expect(auth).toEqual(
      expect.arrayContaining(['Alert', 'Button', 'Divider', 'Form', 'Input', 'Typography']),
    );
    // A Form draws a grid (Row, Col) and tooltips inside it.
    expect(auth).toEqual(expect.arrayContaining(['Row', 'Col', 'Tooltip']));
    const consoleSheet = importedAntdComponents();
    for (const name of auth) expect(consoleSheet).toContain(name);
    expect(auth.length).toBeLessThan(consoleSheet.length / 2);
  });
});

describe('a sheet in parts (sheetParts)', () => {
  // Rules of varied sizes, with nested at-rules and braces inside strings, as antd's sheet has them.
  const rules = Array.from({ length: 400 }, (_, i) => {
    const body = `color:#${(i * 2654435761).toString(16).slice(0, 6)};${'x'.repeat((i * 37) % 900)}:1`;
    if (i % 7 === 0) return `@media (min-width:${i}px){.a-${i}{${body}}.b-${i}{content:"}{"}}`;
    if (i % 11 === 0) return `@keyframes k-${i}{0%{opacity:0}100%{opacity:1}}`;
    return `.ant-c-${i} .d{${body}}`;
  });
  const css = rules.join('');

  it('cuts only between top-level rules, keeps their order, and keeps every part under the limit', () => {
    const parts = sheetParts(css, 4096);
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.join('')).toBe(css);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4096);
      // Each part is whole rules: cutting it again into rules gives back exactly its text.
      expect(topLevelRules(part).join('')).toBe(part);
    }
    expect(parts.flatMap((p) => topLevelRules(p))).toEqual(rules);
  });

  it('gives a rule longer than the limit a part of its own, and a small sheet one part', () => {
    const long = `.long{${'y'.repeat(5000)}:1}`;
    expect(sheetParts(`.a{b:1}${long}.c{d:2}`, 4096)).toEqual(['.a{b:1}', long, '.c{d:2}']);
    expect(sheetParts('.a{b:1}.c{d:2}', 4096)).toEqual(['.a{b:1}.c{d:2}']);
    expect(sheetParts(css, Number.POSITIVE_INFINITY)).toEqual([css]);
    expect(sheetParts('')).toEqual([]);
  });
});

describe("antd's CSS-variable blocks in the sheets (antdCssVarBlocks)", () => {
  const { css, ids } = antdCssVarBlocks(['Button', 'Card', 'Menu']);
  const blocks = topLevelRules(css);

  it("are the theme's block first, then one per component drawn, each with its own id", () => {
    expect(blocks.length).toBe(ids.length);
    expect(new Set(ids).size).toBe(ids.length);
    // The theme's: keyed as antd's CSS-in-JS keys it (the key, then the hash of the block), with the console's colours.
    expect(ids[0]).toMatch(/^css-var-jarog-[0-9a-z]+$/);
    expect(blocks[0]).toMatch(/^\.css-var-jarog\{--ant-/);
    expect(blocks[0]).toContain('--ant-color-primary:#1b5e4a');
    for (const component of ['btn', 'card', 'menu'])
      expect(blocks.some((b) => new RegExp(`^\\.css-var-jarog\\.ant-${component}[-{]`).test(b))).toBe(true);
    // The console's own component tokens (theme.ts) are in the menu's block.
    expect(css).toContain('--ant-menu-item-selected-bg:#e3efe9');
  });

  it('hold variables only, no style rules', () => {
    for (const block of blocks) {
      expect(block).toMatch(/^\.css-var-jarog[^{]*\{/);
      const body = block.slice(block.indexOf('{') + 1, -1);
      for (const declaration of body.split(';').filter(Boolean)) expect(declaration).toMatch(/^--ant-/);
    }
  });

  it('are the same for the same components (the built files keep their names)', () => {
    expect(antdCssVarBlocks(['Button', 'Card', 'Menu'])).toEqual({ css, ids });
  });
});
