import {
  isOn,
  SpeciesInputSchema,
  SpeciesListQuerySchema,
  SpeciesPatchSchema,
  UploadQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { streamCsv } from '../../lib/csv';
import { withImportSlot } from '../../lib/import-slots';
import { receiveSpreadsheet } from '../../lib/upload';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { idempotencyOf, sendAnswer } from '../idempotency/idempotency.http';
import { SPECIES_CSV_HEADER, toCsvRow } from './species.csv';
import { importSpecies } from './species.import';
import * as service from './species.service';

const IdParam = z.object({ id: z.uuid({ error: 'Species id is not valid' }) });
const PhotoParams = z.object({
  id: z.uuid({ error: 'Species id is not valid' }),
  photoId: z.uuid({ error: 'Photo id is not valid' }),
});
const ExportFormat = z.object({ format: z.enum(['json', 'csv']).default('json') });

export const registerSpeciesRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/api/v1/species/get', 'admin', async (req, res) => {
    res.json(await service.listSpecies(ctx, parse(SpeciesListQuerySchema, req.query)));
  });

  t.add('get', '/api/v1/species/get-count', 'admin', async (_req, res) => {
    res.json({ count: await service.countSpecies(ctx) });
  });

  // The list the mobile app reads without signing in; export_limit=all streams the whole filtered list.
  t.add('get', '/api/v1/species', 'public', async (req, res) => {
    const q = parse(SpeciesListQuerySchema, req.query);
    if (q.export_limit !== 'all') {
      res.json(await service.listSpecies(ctx, q));
      return;
    }
    const { format } = parse(ExportFormat, { format: req.query.format });
    if (format === 'csv') {
      await streamCsv(
        res,
        'species.csv',
        SPECIES_CSV_HEADER,
        mapBatches(service.exportSpecies(ctx, q), toCsvRow),
      );
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.write('{"species":[');
    let n = 0;
    for await (const batch of service.exportSpecies(ctx, q)) {
      for (const s of batch) res.write(`${n++ ? ',' : ''}${JSON.stringify(s)}`);
    }
    res.end(`],"foundTotal":${n}}`);
  });

  t.add('post', '/api/v1/species/fileupload', 'admin', async (req, res) => {
    const { partial, dryRun } = parse(UploadQuerySchema, req.query);
    const result = await withImportSlot(async () => {
      const file = await receiveSpreadsheet(req, res);
      return importSpecies(ctx, currentUser(req), file, isOn(partial), isOn(dryRun));
    });
    res.json(result);
  });

  t.add('get', '/api/v1/species/:id', 'public', async (req, res) => {
    res.json(await service.getSpecies(ctx, parse(IdParam, req.params).id));
  });

  t.add('get', '/api/v1/species/:id/stats', 'admin', async (req, res) => {
    res.json(await service.speciesStats(ctx, parse(IdParam, req.params).id));
  });

  t.add('post', '/api/v1/species', 'admin', async (req, res) => {
    const user = currentUser(req);
    const idem = idempotencyOf(req, user.id, 'POST /api/v1/species');
    const body = parse(SpeciesInputSchema, req.body);
    sendAnswer(res, await service.createSpecies(ctx, user, body, idem));
  });

  t.add('patch', '/api/v1/species/:id', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const body = parse(SpeciesPatchSchema, req.body);
    const data = await service.updateSpecies(ctx, currentUser(req), id, body);
    res.json({ message: `Species ${data.englishName} updated successfully`, data });
  });

  t.add('delete', '/api/v1/species/:id', 'admin', async (req, res) => {
    const name = await service.deleteSpecies(ctx, currentUser(req), parse(IdParam, req.params).id);
    res.json({ message: `Species ${name} deleted successfully` });
  });

  t.add('delete', '/api/v1/species/:id/photos/:photoId', 'admin', async (req, res) => {
    const { id, photoId } = parse(PhotoParams, req.params);
    await service.deleteSpeciesPhoto(ctx, currentUser(req), id, photoId);
    res.json({ message: 'Photo deleted successfully' });
  });
};

async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, fn: (t: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(fn);
}
