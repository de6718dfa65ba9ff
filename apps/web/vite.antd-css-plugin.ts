import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { theme } from './src/app/theme';

/**
 * antd's styles for the signed-in console as one static stylesheet, made at build time from the console's own
 * theme, so that the signed-in pages render with antd's `zeroRuntime` (no CSS generated in the browser: antd's
 * CSS-in-JS computed and inserted the styles of every component on its first render, the largest part of the
 * dashboard's main-thread time after the chart). The sign-in pages keep the runtime styles: they use few
 * components and must stay light.
 *
 * - `@ant-design/static-style-extract` renders every named antd component once in Node with the theme and collects
 *   the CSS that antd would insert at run time (the way antd's own dist/antd.css is made). The components are the
 *   ones the console imports from 'antd' (read from src/), with the ones antd draws inside them.
 * - Selectors are written without antd's hash class (`hashed: false`): the rules have the same specificity as the
 *   runtime's `:where(.css-…)` ones, and match the components whatever hash they carry.
 * - The CSS-variable blocks of the extraction are left out: they are scoped to React ids of the Node render, and the
 *   browser still registers the theme's and the components' variables at run time (cheap: no style rules).
 * - The file is `assets/antd-<hash>.css`; `__ANTD_CSS_URL__` names it to the app (src/app/antd-css.ts), and the
 *   boot script (vite.boot-plugin.ts) asks for it with the app's chunks when a session is stored. In `vite dev` it is
 *   served at /__antd.css.
 */
export interface AntdCss {
  plugin: Plugin;
  /** The built file's path under dist/ (e.g. `assets/antd-0123abcd.css`); known once the build has started. */
  fileName: () => string;
}

const SRC_DIR = path.join(import.meta.dirname, 'src');
const DEV_URL = '/__antd.css';

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

/** The antd components src/ imports (value imports; `type` imports draw nothing). */
export function importedAntdComponents(dir = SRC_DIR): string[] {
  const names = new Set<string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
          for (const part of (m[1] ?? '').split(',')) {
            const name = part.trim();
            if (!name || name.startsWith('type ')) continue;
            names.add(name.split(/\s+as\s+/)[0] as string);
          }
        }
      }
    }
  };
  walk(dir);
  const all = new Set<string>();
  const add = (name: string) => {
    if (all.has(name)) return;
    all.add(name);
    for (const inner of INNER[name] ?? []) add(inner);
  };
  for (const name of names) if (name !== 'ConfigProvider' && /^[A-Z]/.test(name)) add(name);
  return [...all].sort();
}

/** The stylesheet: antd's rules for those components in the console's theme, without the Node render's variables. */
export function antdStaticCss(): string {
  const css = extractStyle({
    includes: importedAntdComponents(),
    customTheme: (node) => createElement(ConfigProvider, { theme: { ...theme, hashed: false } }, node),
  });
  return topLevelRules(css)
    .filter((rule) => !rule.trimStart().startsWith('.css-var-'))
    .join('');
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

export function antdCss(): AntdCss {
  let css: string | undefined;
  let fileName: string | undefined;
  const build = () => {
    css ??= antdStaticCss();
    fileName ??= `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    return { css, fileName };
  };
  const plugin: Plugin = {
    name: 'jarog-antd-css',
    config(_config, { command }) {
      const url = command === 'build' ? `/${build().fileName}` : DEV_URL;
      return { define: { __ANTD_CSS_URL__: JSON.stringify(url) } };
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (_req, res) => {
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.end(build().css);
      });
    },
    buildStart() {
      if (this.meta.watchMode) return;
      const { css: source, fileName: name } = build();
      this.emitFile({ type: 'asset', fileName: name, source });
    },
  };
  return {
    plugin,
    fileName: () => {
      if (!fileName) throw new Error('antd css: the build has not started');
      return fileName;
    },
  };
}
