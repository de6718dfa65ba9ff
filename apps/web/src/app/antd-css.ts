/**
 * antd's static stylesheets (built by vite.antd-css-plugin.ts from the console's theme): the signed-in console's,
 * and the signed-out pages' (only the components they draw). A frame renders with antd's `zeroRuntime` once its
 * sheet has loaded: antd then generates no CSS in the browser. A sheet goes first in <head>, where antd's runtime
 * styles go, so the console's own stylesheets still come after it and win ties as before. The boot script already
 * asks for the first screen's sheet; the other is added here when it is needed (after a sign-in, the console's). If
 * a sheet cannot load, its pages keep antd's runtime styles (slower, same look).
 */
declare const __ANTD_CSS_URL__: string | undefined;
declare const __ANTD_AUTH_CSS_URL__: string | undefined;

export type AntdSheet = 'console' | 'auth';

const SHEETS: Record<AntdSheet, { id: string; url: () => string | undefined }> = {
  console: {
    id: 'antd-css',
    url: () => (typeof __ANTD_CSS_URL__ === 'string' ? __ANTD_CSS_URL__ : undefined),
  },
  auth: {
    id: 'antd-css-auth',
    url: () => (typeof __ANTD_AUTH_CSS_URL__ === 'string' ? __ANTD_AUTH_CSS_URL__ : undefined),
  },
};

const loaded = new Set<AntdSheet>();
const pending = new Map<AntdSheet, Promise<boolean>>();

/**
 * Whether a sheet is in force (a frame may turn antd's runtime styles off). The signed-out pages' components are
 * in the console's sheet too, so either serves them.
 */
export function antdCssLoaded(sheet: AntdSheet = 'console'): boolean {
  return loaded.has(sheet) || (sheet === 'auth' && loaded.has('console'));
}

/** Loads a sheet (once); resolves to whether it is in force. Never rejects. */
export function loadAntdCss(sheet: AntdSheet = 'console'): Promise<boolean> {
  const url = SHEETS[sheet].url();
  if (!url || typeof document === 'undefined') return Promise.resolve(false);
  let promise = pending.get(sheet);
  if (!promise) {
    promise = new Promise<boolean>((resolve) => {
      const id = SHEETS[sheet].id;
      let link = document.getElementById(id) as HTMLLinkElement | null;
      if (link?.sheet) {
        resolve(true);
        return;
      }
      if (!link) {
        link = document.createElement('link');
        link.id = id;
        link.rel = 'stylesheet';
        link.href = url;
        document.head.insertBefore(link, document.head.firstChild);
      }
      link.addEventListener('load', () => resolve(true), { once: true });
      link.addEventListener('error', () => resolve(false), { once: true });
      // Loaded between the lookup and the listeners.
      if (link.sheet) resolve(true);
    }).then((ok) => {
      if (ok) loaded.add(sheet);
      return ok;
    });
    pending.set(sheet, promise);
  }
  return promise;
}
