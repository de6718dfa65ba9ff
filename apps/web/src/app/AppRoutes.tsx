import type { CurrentUser } from '@jarog/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { matchPath, Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { FullPageMessage } from '../components/FullPageMessage';
import { useCheckLoggedInQuery } from '../features/auth/auth.api';
import { canAccess, DENIED_REDIRECT } from './access';
import { loadAntdCss } from './antd-css';
import { CurrentUserProvider } from './current-user';
import { lazyPage } from './lazy-page';
import type { AppRoute } from './route-types';
import { appRoutes, publicRoutes } from './routes';
import {
  redirectHandled,
  type SessionRedirect,
  selectRedirect,
  selectToken,
  sessionEnded,
} from './session.slice';
import { sessionOutcome } from './session-outcome';
import { useAppDispatch, useAppSelector } from './store';

// Each frame is its own chunk: a signed-out visitor never downloads the shell, nor an admin the sign-in frame.
// /boot.js preloads the frame the visitor needs with the entry chunk (vite.boot-plugin.ts). The sign-in frame stays
// lazy: rendered eagerly it replaced its page before a session's redirect had handed over the flash message.
// Each frame waits for its antd static stylesheet (app/antd-css.ts), fetched with its chunks, so it never draws
// unstyled.
const AppLayout = lazyPage(() =>
  Promise.all([import('./layout/AppLayout'), loadAntdCss('console')]).then(([m]) => m.AppLayout),
);
const AuthLayout = lazyPage(() =>
  Promise.all([import('../features/auth/AuthLayout'), loadAntdCss('auth')]).then(([m]) => m.AuthLayout),
);

/**
 * Loads the frame and the page the console opens on (main.tsx), so that they render without suspending: a signed-out
 * visitor goes from index.html's static sign-in shell straight to the sign-in page, with no 'Loading...' screen
 * between them. An unknown path opens what its redirect leads to (/login signed out, the dashboard signed in).
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): Promise<void> {
  const [frame, routes, fallback] = signedIn
    ? [AppLayout, appRoutes, '/']
    : [AuthLayout, publicRoutes, '/login'];
  const route = routes.find((r) => matchPath(r.path, pathname)) ?? routes.find((r) => r.path === fallback);
  return Promise.all([frame.preload(), route?.Page.preload()]).then(() => undefined);
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Jarog`;
  }, [title]);
}

function RoutePage({ route, user }: { route: AppRoute; user: CurrentUser | null }) {
  useDocumentTitle(route.title);
  if (user && !canAccess(route, user.userType)) return <Navigate to={DENIED_REDIRECT} replace />;
  return <route.Page title={route.title} />;
}

function SignedInRoutes({ user }: { user: CurrentUser }) {
  const routes: RouteObject[] = [
    {
      element: <AppLayout />,
      children: [
        ...appRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} user={user} /> })),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
  const element = useRoutes(routes);
  return (
    <CurrentUserProvider user={user}>
      <Suspense fallback={<FullPageMessage />}>{element}</Suspense>
    </CurrentUserProvider>
  );
}

function PublicRoutes() {
  const routes: RouteObject[] = [
    {
      element: <AuthLayout />,
      children: [
        ...publicRoutes.map((route) => ({
          path: route.path,
          element: <RoutePage route={route} user={null} />,
        })),
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ];
  return <Suspense fallback={<FullPageMessage />}>{useRoutes(routes)}</Suspense>;
}

/** Sends the person to the page their ended session calls for (e.g. /deactivated), then forgets it. */
function SessionRedirectTo({ redirect }: { redirect: SessionRedirect }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(() => {
    void navigate(redirect.to, {
      replace: true,
      state: redirect.message ? { message: redirect.message } : null,
    });
    dispatch(redirectHandled());
  }, [redirect, navigate, dispatch]);
  return <FullPageMessage />;
}

/**
 * The login check (spec section 4): with a stored token it asks the API who is signed in, shows
 * 'Loading...' meanwhile, then shows either the signed-in pages or the public ones.
 */
export function AppRoutes() {
  const token = useAppSelector(selectToken);
  const redirect = useAppSelector(selectRedirect);
  const dispatch = useAppDispatch();
  const live = useCheckLoggedInQuery(token ?? skipToken);
  // Deferred: the answer's arrival renders the whole signed-in console (its frame and first page), which React then
  // does in a transition, in slices of a few milliseconds, instead of in one blocking task (RTK Query's store updates
  // are synchronous renders). Only an answer for the token held now is ever shown.
  const deferred = useDeferredValue(live);
  const check = deferred.originalArgs === live.originalArgs ? deferred : live;
  const outcome = sessionOutcome({ token, data: check.data, error: check.error, isLoading: check.isLoading });
  const ended = outcome.kind === 'ended' ? outcome : null;

  useEffect(() => {
    if (ended) dispatch(sessionEnded(ended.redirect));
  }, [ended, dispatch]);

  if (redirect) return <SessionRedirectTo redirect={redirect} />;
  if (outcome.kind === 'signed-in') return <SignedInRoutes user={outcome.user} />;
  if (outcome.kind === 'anonymous') return <PublicRoutes />;
  return <FullPageMessage text="Loading..." />;
}
