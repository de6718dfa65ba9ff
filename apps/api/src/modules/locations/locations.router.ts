import { VillageSuggestionsQuerySchema } from '@jarog/contracts';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import * as service from './locations.service';

/** The reference list changes only with a release; an hour in caches is fine, and the ETag makes revalidation cheap. */
const LIST_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/** Dzongkhags, gewogs and village suggestions. */
export const registerLocationRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/api/v1/locations', 'public', (_req, res) => {
    res.setHeader('Cache-Control', LIST_CACHE);
    res.json(service.listLocations());
  });

  t.add('get', '/api/v1/locations/villages', 'signed-in', async (req, res) => {
    const q = parse(VillageSuggestionsQuerySchema, req.query);
    res.setHeader('Cache-Control', 'private, max-age=30');
    res.json(await service.suggestVillages(ctx, currentUser(req), q));
  });
};
