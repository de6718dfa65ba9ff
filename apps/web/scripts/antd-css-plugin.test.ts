import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClosure, importedAntdComponents, SIGNED_OUT_ENTRIES } from '../vite.antd-css-plugin';

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
