import type { ReactNode } from 'react';
import type { LazyPage } from './lazy-page';

/** Who may open a route beyond "signed-in admin". */
export type Access = 'root';

/** What every page receives from the route table. */
export interface PageProps {
  title: string;
}

export interface AppRoute {
  /** A react-router path pattern. */
  path: string;
  /** Page title, also used for the document title. */
  title: string;
  /** Loaded with its route (app/lazy-page.ts); the first screen's is preloaded (main.tsx). */
  Page: LazyPage<PageProps>;
  /** Routes only root-users may open; others are sent to `deniedRedirect`. */
  access?: Access;
  /** Present on routes listed in the sidebar, in table order. */
  menu?: { label: string; icon: ReactNode };
  /** The sidebar item to highlight on this route when it is not in the sidebar itself. */
  highlight?: string;
}
