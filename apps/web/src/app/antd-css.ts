/**
 * antd's static stylesheet for the signed-in console (built by vite.antd-css-plugin.ts from the console's theme).
 * The signed-in shell renders with antd's `zeroRuntime` once this sheet has loaded: antd then generates no CSS in
 * the browser. The sheet goes first in <head>, where antd's runtime styles go, so the console's own stylesheets
 * still come after it and win ties as before. The boot script already asks for it when a session is stored; after a
 * sign-in it is added here. If it cannot load, the shell keeps antd's runtime styles (slower, same look).
 */
declare const __ANTD_CSS_URL__: string | undefined;

const LINK_ID = 'antd-css';
let loaded = false;
let pending: Promise<boolean> | undefined;

/** Whether the static sheet is in force (the signed-in shell may turn antd's runtime styles off). */
export function antdCssLoaded(): boolean {
  return loaded;
}

/** Loads the sheet (once); resolves to whether it is in force. Never rejects. */
export function loadAntdCss(): Promise<boolean> {
  const url = typeof __ANTD_CSS_URL__ === 'string' ? __ANTD_CSS_URL__ : undefined;
  if (!url || typeof document === 'undefined') return Promise.resolve(false);
  pending ??= new Promise<boolean>((resolve) => {
    let link = document.getElementById(LINK_ID) as HTMLLinkElement | null;
    if (link?.sheet) {
      resolve(true);
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.id = LINK_ID;
      link.rel = 'stylesheet';
      link.href = url;
      document.head.insertBefore(link, document.head.firstChild);
    }
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
    // Loaded between the lookup and the listeners.
    if (link.sheet) resolve(true);
  }).then((ok) => {
    loaded = ok;
    return ok;
  });
  return pending;
}
