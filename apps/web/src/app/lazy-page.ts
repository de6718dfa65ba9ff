import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * React.lazy for a named export (the house style has no default exports):
 * `lazyPage(() => import('./SettingsPage').then((m) => m.SettingsPage))`.
 * Each page becomes its own chunk, loaded the first time its route opens.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
