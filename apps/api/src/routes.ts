import type { Express, Request, Response } from 'express';
import type { AppContext } from './context';
import { type Access, accessGuard } from './middleware/auth';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type Handler = (req: Request, res: Response) => unknown;

export interface RouteInfo {
  method: Method;
  path: string;
  access: Access;
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

  add(method: Method, path: string, access: Access, handler: Handler): this {
    this.routes.push({ method, path, access });
    this.app[method](path, accessGuard(this.ctx, access), async (req, res) => {
      await handler(req, res);
    });
    return this;
  }
}

export type RegisterRoutes = (table: RouteTable, ctx: AppContext) => void;
