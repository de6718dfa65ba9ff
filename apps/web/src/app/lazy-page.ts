import { type ComponentType, createElement, lazy, type ReactElement, useState } from 'react';

/** A page loaded on first use, whose chunk can also be asked for ahead (`preload`). */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Loads the page's chunk (once); resolves when it is here. A failed load may be tried again. */
  preload: () => Promise<void>;
}

/**
 * React.lazy for a named export (the house style has no default exports):
 * `lazyPage(() => import('./SettingsPage').then((m) => m.SettingsPage))`.
 * Each page becomes its own chunk, loaded the first time its route opens.
 *
 * Unlike React.lazy alone, a page whose chunk is already here (`preload`) renders at once: React.lazy suspends on
 * its first render even then, and a Suspense boundary that shows its fallback keeps it for at least 300 ms. The
 * console's first screen is preloaded (main.tsx), so it follows the static shell of index.html directly, without a
 * 'Loading...' screen between them.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level, as React.lazy is.
  function Page(props: P) {
    // Chosen once per mount: a page that mounted through React.lazy stays under it, since switching to the loaded
    // component would mount the page again and lose its state.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(Page, { preload });
}
