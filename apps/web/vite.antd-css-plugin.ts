import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { CSS_VAR_KEY, theme } from './src/app/theme';

/**
 * antd's styles for the signed-in console as one static stylesheet, made at build time from the console's own
 * theme, so that the signed-in pages render with antd's `zeroRuntime` (no CSS generated in the browser: antd's
 * CSS-in-JS computed and inserted the styles of every component on its first render, the largest part of the
 * dashboard's main-thread time after the chart). The signed-out pages get a sheet of their own with only the
 * components they draw (`antd-auth-<hash>.css`, a few KiB compressed): antd's runtime styles were two thirds of the
 * sign-in page's script time on a throttled phone CPU.
 *
 * - `@ant-design/static-style-extract` renders every named antd component once in Node with the theme and collects
 *   the CSS that antd would insert at run time (the way antd's own dist/antd.css is made). The components are the
 *   ones the console imports from 'antd' (read from src/), with the ones antd draws inside them.
 * - Selectors are written without antd's hash class (`hashed: false`): the rules have the same specificity as the
 *   runtime's `:where(.css-…)` ones, and match the components whatever hash they carry.
 * - The CSS-variable blocks antd writes at run time (the theme's variables, `.css-var-jarog{--ant-…}`, and each
 *   component's, `.css-var-jarog.ant-btn{--ant-button-…}`) head each sheet, made by a second render with the
 *   console's own providers (`antdCssVarBlocks`). Once a sheet has loaded, the app names its blocks to antd's
 *   CSS-in-JS (`__ANTD_CSS_VAR_IDS__`, src/app/antd-css.ts) and a pnpm patch of `@ant-design/cssinjs` skips writing
 *   those again: antd inserted them as ~20 `<style>` elements during the dashboard's first commits, one HTML parse and
 *   head insertion each (a fifth of the page's blocking time after the first paint). A block the render did not make
 *   (another theme, a component not drawn at build time) is still written at run time, as before; the extraction's
 *   own variable blocks (scoped to React ids of its render) are left out.
 * - The console's sheet is written as a few files of at most `PART_CHARS` characters, cut between top-level rules,
 *   in order (`assets/antd-<hash>.css`, one hash per part; the signed-out pages' is one `antd-auth-<hash>.css`).
 *   Chromium parses a stylesheet in one main-thread task when it arrives: the console's 650 kB in one file was one
 *   task of ~75 ms on a 2-core machine (~300 ms on Lighthouse's 4 × slower phone, all of it blocking time); parts of
 *   64 kB are parsed in tasks of a few ms each, between other work. Appended one after another, the parts cascade
 *   exactly as the single file did.
 * - `__ANTD_CSS_URLS__` and `__ANTD_AUTH_CSS_URLS__` name the parts to the app (src/app/antd-css.ts), and the boot
 *   script (vite.boot-plugin.ts) asks for those the first screen needs with the app's chunks. In `vite dev` each
 *   sheet is one file, served at /__antd.css and /__antd-auth.css.
 */
export interface AntdCss {
  plugin: Plugin;
  /**
   * A built sheet's parts' paths under dist/, in cascade order (`assets/antd-0123abcd.css`…, `assets/antd-auth-….css`…
   * for the signed-out pages'); known once the build has started.
   */
  fileNames: (sheet?: 'console' | 'auth') => string[];
}

/** The largest part of a built sheet, in characters (a single rule longer than this is a part of its own). */
export const PART_CHARS = 64 * 1024;

const SRC_DIR = path.join(import.meta.dirname, 'src');

/** Components antd renders inside others (a Table's pager and checkboxes, an Upload's progress, App's message…). */
const INNER: Record<string, string[]> = {
  Table: ['Pagination', 'Checkbox', 'Radio', 'Dropdown', 'Spin', 'Tooltip', 'Empty', 'Select'],
  Select: ['Empty'],
  AutoComplete: ['Select', 'Empty'],
  Upload: ['Progress', 'Tooltip', 'Button'],
  Form: ['Row', 'Col', 'Tooltip'],
  Modal: ['Button'],
  Drawer: ['Button'],
  App: ['message', 'notification', 'Modal'],
  Image: ['Spin'],
  Pagination: ['Select'],
  Dropdown: ['Menu'],
  Popconfirm: ['Popover', 'Button'],
  Result: ['Button'],
  Descriptions: ['Row', 'Col'],
};

/** The source files (.ts, .tsx; tests left out) under `dir`. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  return files;
}

/** `files` and every source file they import by a relative path, through and through. */
export function importClosure(files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), m[1] as string);
      const found = [
        base,
        `${base}.ts`,
        `${base}.tsx`,
        path.join(base, 'index.ts'),
        path.join(base, 'index.tsx'),
      ].find((f) => /\.tsx?$/.test(f) && existsSync(f));
      if (found) visit(found);
    }
  };
  for (const f of files) visit(f);
  return [...seen].sort();
}

/** The antd components these files import (value imports; `type` imports draw nothing), with those drawn inside. */
export function importedAntdComponents(files = sourceFiles(SRC_DIR)): string[] {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const part of (m[1] ?? '').split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        names.add(name.split(/\s+as\s+/)[0] as string);
      }
    }
  }
  const all = new Set<string>();
  const add = (name: string) => {
    if (all.has(name)) return;
    all.add(name);
    for (const inner of INNER[name] ?? []) add(inner);
  };
  for (const name of names) if (name !== 'ConfigProvider' && /^[A-Z]/.test(name)) add(name);
  return [...all].sort();
}

/**
 * The signed-out pages' files: their frame and the pages of app/routes.tsx's publicRoutes, with what they import.
 * Their sheet holds only the components these draw (the sign-in page must stay light).
 */
export const SIGNED_OUT_ENTRIES = [
  'features/auth/AuthLayout.tsx',
  'features/auth/LoginPage.tsx',
  'features/auth/SignupPage.tsx',
  'features/auth/ForgotPasswordPage.tsx',
  'features/auth/PasswordResetPage.tsx',
  'features/auth/DeactivatedPage.tsx',
  'features/auth/NotAdminPage.tsx',
];

/** The stylesheet: antd's rules for those components in the console's theme, without the Node render's variables. */
export function antdStaticCss(components = importedAntdComponents()): string {
  const css = extractStyle({
    includes: components,
    customTheme: (node) => createElement(ConfigProvider, { theme: { ...theme, hashed: false } }, node),
  });
  return topLevelRules(css)
    .filter((rule) => !rule.trimStart().startsWith('.css-var-'))
    .join('');
}

/** The slice of `@ant-design/cssinjs` read here; it has no types of its own in this package. */
interface CssInJs {
  createCache(): { cache: Map<string, [number, unknown[]]> };
  StyleProvider: (props: { cache: unknown; children?: unknown }) => unknown;
}
// antd's CSS-in-JS engine: the very instance antd renders with (resolved from antd's folder), whose cache the render
// below fills; and the hash it names the theme's variable block with.
const requireFromAntd = createRequire(createRequire(import.meta.url).resolve('antd'));
const cssinjs = requireFromAntd('@ant-design/cssinjs') as CssInJs;
const emotionHash = (
  createRequire(requireFromAntd.resolve('@ant-design/cssinjs'))('@emotion/hash') as {
    default: (text: string) => string;
  }
).default;

/**
 * The CSS-variable blocks antd writes in the browser for these components under the console's providers (the root's
 * theme, the signed-in shell's `zeroRuntime` one, both keyed `CSS_VAR_KEY`), and the ids the patched
 * `@ant-design/cssinjs` knows them by: a component block's own style id, and `<key>-<hash of the block>` for the
 * theme's (whose style id names only the key). The theme's block comes first.
 */
export function antdCssVarBlocks(components: string[]): { css: string; ids: string[] } {
  const cache = cssinjs.createCache();
  const runtimeTheme = { ...theme, cssVar: { key: CSS_VAR_KEY } };
  extractStyle({
    includes: components,
    customTheme: (node) =>
      createElement(
        cssinjs.StyleProvider as never,
        { cache },
        createElement(
          ConfigProvider,
          { theme: runtimeTheme },
          createElement(ConfigProvider, { theme: { zeroRuntime: true, cssVar: { key: CSS_VAR_KEY } } }, node),
        ),
      ),
  });
  const tokens: [string, string][] = [];
  const componentBlocks: [string, string][] = [];
  for (const [key, [, value]] of cache.cache) {
    if (key.startsWith('token')) {
      const [, , , css, themeKey] = value as [unknown, unknown, unknown, string, string];
      if (css) tokens.push([`${themeKey}-${emotionHash(css)}`, css]);
    } else if (key.startsWith('cssVar')) {
      const [, css, styleId] = value as [unknown, string, string];
      if (css) componentBlocks.push([styleId, css]);
    }
  }
  const blocks = [...tokens, ...componentBlocks];
  return { css: blocks.map(([, css]) => css).join(''), ids: blocks.map(([id]) => id) };
}

/** The top-level rules of a stylesheet, each with its block (an @-rule with its nested rules), in order. */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1));
        start = i + 1;
      }
    }
  }
  if (depth !== 0 || quote)
    throw new Error('antd css: unbalanced braces or quotes in the extracted stylesheet');
  const rest = css.slice(start).trim();
  if (rest) rules.push(rest);
  return rules;
}

/**
 * A stylesheet cut between its top-level rules into parts of at most `max` characters (of about the same size), in
 * order.
 */
export function sheetParts(css: string, max = PART_CHARS): string[] {
  if (css.length <= max) return css ? [css] : [];
  const parts: string[] = [];
  const target = css.length / Math.ceil(css.length / max);
  let part = '';
  for (const rule of topLevelRules(css)) {
    if (part && part.length + rule.length > max) {
      parts.push(part);
      part = '';
    }
    part += rule;
    if (part.length >= target) {
      parts.push(part);
      part = '';
    }
  }
  if (part) parts.push(part);
  return parts;
}

/** The two sheets: the whole console's, and the signed-out pages' (a subset: the same rules for fewer components). */
const SHEETS = {
  console: {
    define: '__ANTD_CSS_URLS__',
    devUrl: '/__antd.css',
    partChars: PART_CHARS,
    components: () => importedAntdComponents(),
  },
  // One part: at 186 kB it is parsed in one short task, and in parts the sign-in page measured no better (Lighthouse,
  // alternating builds: 0.94 mean over 11 runs in four parts, 0.96 whole).
  auth: {
    define: '__ANTD_AUTH_CSS_URLS__',
    devUrl: '/__antd-auth.css',
    partChars: Number.POSITIVE_INFINITY,
    components: () =>
      importedAntdComponents(importClosure(SIGNED_OUT_ENTRIES.map((f) => path.join(SRC_DIR, f)))),
  },
} as const;
type Sheet = keyof typeof SHEETS;

export function antdCss(): AntdCss {
  const built = new Map<
    Sheet,
    { css: string; varIds: string[]; parts: { source: string; fileName: string }[] }
  >();
  const build = (sheet: Sheet) => {
    let out = built.get(sheet);
    if (!out) {
      const components = SHEETS[sheet].components();
      const vars = antdCssVarBlocks(components);
      const css = vars.css + antdStaticCss(components);
      const prefix = sheet === 'console' ? 'antd' : 'antd-auth';
      out = {
        css,
        varIds: vars.ids,
        parts: sheetParts(css, SHEETS[sheet].partChars).map((source) => ({
          source,
          fileName: `assets/${prefix}-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.css`,
        })),
      };
      built.set(sheet, out);
    }
    return out;
  };
  const sheets = Object.keys(SHEETS) as Sheet[];
  const plugin: Plugin = {
    name: 'jarog-antd-css',
    config(_config, { command }) {
      const define: Record<string, string> = {};
      for (const sheet of sheets) {
        const urls =
          command === 'build' ? build(sheet).parts.map((p) => `/${p.fileName}`) : [SHEETS[sheet].devUrl];
        define[SHEETS[sheet].define] = JSON.stringify(urls);
      }
      // The variable blocks each sheet holds, by the ids antd's CSS-in-JS gives them (dev serves the same sheets).
      define.__ANTD_CSS_VAR_IDS__ = JSON.stringify(
        Object.fromEntries(sheets.map((sheet) => [sheet, build(sheet).varIds])),
      );
      return { define };
    },
    configureServer(server) {
      for (const sheet of sheets) {
        server.middlewares.use(SHEETS[sheet].devUrl, (_req, res) => {
          res.setHeader('Content-Type', 'text/css; charset=utf-8');
          res.end(build(sheet).css);
        });
      }
    },
    buildStart() {
      if (this.meta.watchMode) return;
      for (const sheet of sheets) {
        for (const { source, fileName } of build(sheet).parts)
          this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
  return {
    plugin,
    fileNames: (sheet: Sheet = 'console') => {
      if (!built.has(sheet)) throw new Error('antd css: the build has not started');
      return build(sheet).parts.map((p) => p.fileName);
    },
  };
}
