import type { Express, Request, Response } from 'express';
import type { AppContext } from './context';
import { conditionalGet, VERSIONED_GET_ROUTES } from './lib/conditional-get';
import { type Access, accessGuard, type GuardOptions } from './middleware/auth';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type Handler = (req: Request, res: Response) => unknown;

export interface RouteInfo {
  method: Method;
  path: string;
  access: Access;
  /** Accepts the birders' app session cookie where no bearer is sent. */
  sessionCookie?: boolean;
}

/**
 * Every API route is declared here with its access level, so the guard is never forgotten
 * and the authorization test can enumerate all routes.
 */
export class RouteTable {
  readonly routes: RouteInfo[] = [];

  constructor(
    private readonly app: Express,
    private readonly ctx: AppContext,
  ) {}

  add(method: Method, path: string, access: Access, handler: Handler, opts: GuardOptions = {}): this {
    this.routes.push({ method, path, access, ...(opts.sessionCookie ? { sessionCookie: true } : {}) });
    const guards = [accessGuard(this.ctx, access, opts)];
    // After the guard: a 304 is only for someone allowed the 200 (lib/conditional-get.ts).
    if (method === 'get' && VERSIONED_GET_ROUTES.has(path)) guards.push(conditionalGet(this.ctx.database.db));
    this.app[method](path, ...guards, async (req, res) => {
      await handler(req, res);
    });
    return this;
  }
}

export type RegisterRoutes = (table: RouteTable, ctx: AppContext) => void;
