import type { UserType } from '@jarog/contracts';
import { matchPath } from 'react-router';
import type { AppRoute } from './route-types';

/** Where an admin lands when a root-only page is refused. */
export const DENIED_REDIRECT = '/settings';

export function canAccess(route: Pick<AppRoute, 'access'>, userType: UserType): boolean {
  if (route.access === 'root') return userType === 'root-user';
  return userType === 'admin-user' || userType === 'root-user';
}

export function menuRoutes(routes: readonly AppRoute[], userType: UserType): AppRoute[] {
  return routes.filter((r) => r.menu !== undefined && canAccess(r, userType));
}

/** The route a pathname opens, or undefined when none matches. */
export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  // Static segments must win over params (/checklists/add over /checklists/:id), as in the router.
  const matches = routes.filter((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
  return matches.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

const paramCount = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;

/**
 * The sidebar key to highlight for a pathname: the route itself if it is in the sidebar, its declared
 * `highlight`, else the sidebar item of its first path segment (/species/42/edit → /species).
 */
export function highlightedMenuKey(routes: readonly AppRoute[], pathname: string): string | undefined {
  const route = findRoute(routes, pathname);
  if (!route) return undefined;
  if (route.menu) return route.path;
  if (route.highlight !== undefined) return route.highlight;
  const section = `/${pathname.split('/')[1] ?? ''}`;
  return routes.find((r) => r.menu && r.path === section)?.path;
}
