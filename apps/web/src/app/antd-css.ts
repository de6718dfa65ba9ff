/**
 * antd's static stylesheets (built by vite.antd-css-plugin.ts from the console's theme): the signed-in console's,
 * and the signed-out pages' (only the components they draw). A frame renders with antd's `zeroRuntime` once its
 * sheet has loaded: antd then generates no CSS in the browser. A sheet goes first in <head>, where antd's runtime
 * styles go, so the console's own stylesheets still come after it and win ties as before. The boot script already
 * asks for the first screen's sheet; the other is added here when it is needed (after a sign-in, the console's). If
 * a sheet cannot load, its pages keep antd's runtime styles (slower, same look).
 *
 * Each sheet also holds the CSS-variable blocks antd writes at run time even under `zeroRuntime`. Once a sheet has
 * loaded, their ids go into `globalThis.__ANTD_STATIC_CSS_VARS__`, where the patched `@ant-design/cssinjs`
 * (patches/@ant-design__cssinjs@2.1.2.patch) looks before it writes a block: those are not written again.
 */
declare const __ANTD_CSS_URLS__: string[] | undefined;
declare const __ANTD_AUTH_CSS_URLS__: string[] | undefined;
declare const __ANTD_CSS_VAR_IDS__: Record<AntdSheet, string[]> | undefined;

export type AntdSheet = 'console' | 'auth';

/** Each sheet comes in parts (parsed in short tasks), linked as `<id>-0`, `<id>-1`… in cascade order. */
const SHEETS: Record<AntdSheet, { id: string; urls: () => string[] | undefined }> = {
  console: {
    id: 'antd-css',
    urls: () => (typeof __ANTD_CSS_URLS__ !== 'undefined' ? __ANTD_CSS_URLS__ : undefined),
  },
  auth: {
    id: 'antd-css-auth',
    urls: () => (typeof __ANTD_AUTH_CSS_URLS__ !== 'undefined' ? __ANTD_AUTH_CSS_URLS__ : undefined),
  },
};

const loaded = new Set<AntdSheet>();

/** Names a loaded sheet's variable blocks to antd's CSS-in-JS (the patch reads this set). */
function registerVariableBlocks(sheet: AntdSheet): void {
  const ids = typeof __ANTD_CSS_VAR_IDS__ !== 'undefined' ? __ANTD_CSS_VAR_IDS__[sheet] : undefined;
  if (!ids) return;
  const host = globalThis as { __ANTD_STATIC_CSS_VARS__?: Set<string> };
  host.__ANTD_STATIC_CSS_VARS__ ??= new Set();
  for (const id of ids) host.__ANTD_STATIC_CSS_VARS__.add(id);
}
const pending = new Map<AntdSheet, Promise<boolean>>();

/**
 * Whether a sheet is in force (a frame may turn antd's runtime styles off). The signed-out pages' components are
 * in the console's sheet too, so either serves them.
 */
export function antdCssLoaded(sheet: AntdSheet = 'console'): boolean {
  return loaded.has(sheet) || (sheet === 'auth' && loaded.has('console'));
}

/** Loads one part's <link> (the boot script's, or a new one after `after`); resolves to whether it loaded. */
function loadPart(
  id: string,
  url: string,
  after: Node | null,
): { link: HTMLLinkElement; done: Promise<boolean> } {
  let link = document.getElementById(id) as HTMLLinkElement | null;
  // The boot script's links say how they settled (data-state): one that settled before now fires no event again, and
  // `sheet` cannot tell (Chromium gives a link that failed an empty sheet too).
  const settled = link?.dataset.state;
  if (link && settled) return { link, done: Promise.resolve(settled === 'loaded') };
  if (!link) {
    link = document.createElement('link');
    link.id = id;
    link.rel = 'stylesheet';
    link.href = url;
    document.head.insertBefore(link, after ? after.nextSibling : document.head.firstChild);
  }
  const element = link;
  const done = new Promise<boolean>((resolve) => {
    element.addEventListener('load', () => resolve(true), { once: true });
    element.addEventListener('error', () => resolve(false), { once: true });
  });
  return { link: element, done };
}

/** Loads a sheet's parts (once); resolves to whether all of them are in force. Never rejects. */
export function loadAntdCss(sheet: AntdSheet = 'console'): Promise<boolean> {
  const urls = SHEETS[sheet].urls();
  if (!urls || urls.length === 0 || typeof document === 'undefined') return Promise.resolve(false);
  let promise = pending.get(sheet);
  if (!promise) {
    let after: Node | null = null;
    const parts = urls.map((url, i) => {
      const part = loadPart(`${SHEETS[sheet].id}-${i}`, url, after);
      after = part.link;
      return part.done;
    });
    promise = Promise.all(parts).then((results) => {
      const ok = results.every(Boolean);
      if (ok) {
        loaded.add(sheet);
        registerVariableBlocks(sheet);
      }
      return ok;
    });
    pending.set(sheet, promise);
  }
  return promise;
}
