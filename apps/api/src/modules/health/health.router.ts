import type { RegisterRoutes } from '../../routes';

export const registerHealthRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/healthz', 'public', async (_req, res) => {
    const ok = ctx.ready() && (await ctx.database.ping());
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', database: ctx.database.kind });
  });
};
