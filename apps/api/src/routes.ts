import type { Express, Request, Response } from 'express';
import type { AppContext } from './context';
import { conditionalGet, ResponseCache, VERSIONED_GET_ROUTES } from './lib/conditional-get';
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
  /** Answers of the versioned GET routes, shared by them (lib/conditional-get.ts). */
  private readonly answers: ResponseCache;

  constructor(
    private readonly app: Express,
    private readonly ctx: AppContext,
  ) {
    this.answers = new ResponseCache(ctx.env.responseCacheMb * 1024 * 1024);
  }

  add(method: Method, path: string, access: Access, handler: Handler, opts: GuardOptions = {}): this {
    this.routes.push({ method, path, access, ...(opts.sessionCookie ? { sessionCookie: true } : {}) });
    const guards = [accessGuard(this.ctx, access, opts)];
    // After the guard: a 304 is only for someone allowed the 200 (lib/conditional-get.ts).
    if (method === 'get' && VERSIONED_GET_ROUTES.has(path))
      guards.push(conditionalGet(this.ctx.database.db, this.answers));
    this.app[method](path, ...guards, async (req, res) => {
      await handler(req, res);
    });
    return this;
  }
}

export type RegisterRoutes = (table: RouteTable, ctx: AppContext) => void;
