import { describe, expect, it } from 'vitest';
import { canAccess, DENIED_REDIRECT, findRoute, highlightedMenuKey, menuRoutes } from './access';
import { appRoutes, publicRoutes } from './routes';

const SPEC_SIGNED_IN_PATHS = [
  '/',
  '/species',
  '/species/add',
  '/species/:id',
  '/species/:id/edit',
  '/entries',
  '/checklists',
  '/checklists/:id',
  '/checklists/add',
  '/checklists/analyze',
  '/new-species',
  '/new-species/:checklistName',
  '/birders',
  '/birders/:id',
  '/settings',
  '/add-admin',
  '/admins/:id/edit',
  '/password-update',
  '/notifications',
  '/top-birders',
  '/graphs',
  // Issue 14: the review queue (in the sidebar, after Checklists) and its rules page.
  '/review',
  '/review/rules',
];

describe('route table', () => {
  it('declares exactly the signed-in routes of the spec, once each', () => {
    const paths = appRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_SIGNED_IN_PATHS].sort());
  });

  it('declares the signed-out routes of the spec', () => {
    expect(publicRoutes.map((r) => r.path).sort()).toEqual(
      [
        '/login',
        '/signup',
        '/register',
        '/forgot-password',
        '/password-reset/:id/:token',
        '/deactivated',
        '/not-admin',
      ].sort(),
    );
  });

  it('gives every route a title', () => {
    for (const route of [...appRoutes, ...publicRoutes]) expect(route.title.trim()).not.toBe('');
  });

  it('makes only the admin-management pages root-only', () => {
    expect(appRoutes.filter((r) => r.access === 'root').map((r) => r.path)).toEqual([
      '/add-admin',
      '/admins/:id/edit',
    ]);
    expect(DENIED_REDIRECT).toBe('/settings');
  });
});

describe('sidebar', () => {
  it('lists the spec links in the spec order for every admin', () => {
    const expected = [
      '/',
      '/species',
      '/checklists',
      '/review',
      '/entries',
      '/new-species',
      '/graphs',
      // Issue 12: Checklist Analysis was reachable only by typing its address.
      '/checklists/analyze',
      '/birders',
      '/settings',
    ];
    expect(menuRoutes(appRoutes, 'admin-user').map((r) => r.path)).toEqual(expected);
    expect(menuRoutes(appRoutes, 'root-user').map((r) => r.path)).toEqual(expected);
    expect(menuRoutes(appRoutes, 'admin-user').map((r) => r.menu?.label)).toEqual([
      'Dashboard',
      'Species',
      'Checklists',
      'Review Queue',
      'Entries',
      'New Species',
      'Graphs',
      'Checklist Analysis',
      'Birders',
      'Settings',
    ]);
  });

  it.each([
    ['/', '/'],
    ['/species', '/species'],
    ['/species/123', '/species'],
    ['/species/123/edit', '/species'],
    ['/species/add', '/species'],
    ['/checklists/analyze', '/checklists/analyze'],
    ['/new-species/Morning walk', '/new-species'],
    ['/birders/7', '/birders'],
    ['/top-birders', '/'],
    ['/add-admin', '/settings'],
    ['/admins/abc/edit', '/settings'],
    ['/password-update', '/settings'],
  ])('highlights the right link on %s', (pathname, key) => {
    expect(highlightedMenuKey(appRoutes, pathname)).toBe(key);
  });

  it('highlights nothing on pages outside the sidebar or unknown paths', () => {
    expect(highlightedMenuKey(appRoutes, '/notifications')).toBeUndefined();
    expect(highlightedMenuKey(appRoutes, '/nowhere')).toBeUndefined();
  });
});

describe('access', () => {
  const rootOnly = { access: 'root' as const };
  const open = {};

  it('lets root-users open everything', () => {
    expect(canAccess(rootOnly, 'root-user')).toBe(true);
    expect(canAccess(open, 'root-user')).toBe(true);
  });

  it('keeps admin-users out of root-only routes only', () => {
    expect(canAccess(rootOnly, 'admin-user')).toBe(false);
    expect(canAccess(open, 'admin-user')).toBe(true);
  });

  it('refuses plain users everywhere', () => {
    expect(canAccess(open, 'user')).toBe(false);
    expect(canAccess(rootOnly, 'user')).toBe(false);
    expect(menuRoutes(appRoutes, 'user')).toEqual([]);
  });

  it('prefers static segments over params when matching', () => {
    expect(findRoute(appRoutes, '/checklists/add')?.path).toBe('/checklists/add');
    expect(findRoute(appRoutes, '/checklists/42')?.path).toBe('/checklists/:id');
    expect(findRoute(appRoutes, '/species/add')?.path).toBe('/species/add');
  });
});
