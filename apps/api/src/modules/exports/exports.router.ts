import { DwcaQuerySchema } from '@jarog/contracts';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { dwcaFilter, streamDwca } from './dwca.service';

/** Exports in data standards: the Darwin Core Archive for GBIF (issue 13). */
export const registerExportRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/api/v1/exports/dwca', 'admin', async (req, res) => {
    await streamDwca(ctx, res, dwcaFilter(parse(DwcaQuerySchema, req.query)));
  });
};
