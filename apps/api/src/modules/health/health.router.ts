import { DATABASE_RETRY_AFTER_S } from '../../db/errors';
import type { RegisterRoutes } from '../../routes';

/** Up or down, nothing more: which engine or version runs behind the API is no stranger's business. */
export const registerHealthRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/healthz', 'public', async (_req, res) => {
    const ok = ctx.ready() && (await ctx.database.ping());
    if (!ok) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable' });
  });
};
