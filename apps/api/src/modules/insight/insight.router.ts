import {
  BirderDetailQuerySchema,
  BirdersQuerySchema,
  BirdsCountYearQuerySchema,
  type DistrictLeadersResponse,
  DistrictSpeciesCountQuerySchema,
  PeriodQuerySchema,
} from '@jarog/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { streamCsv } from '../../lib/csv';
import { withImportSlot } from '../../lib/import-slots';
import { receiveSpreadsheet } from '../../lib/upload';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { analyseChecklists } from './analysis';
import * as analytics from './analytics.service';
import * as birders from './birders.service';
import { resolveMonth } from './period';

const IdParam = z.object({ id: z.uuid({ error: 'Birder id is not valid' }) });
const BIRDERS_CSV_HEADER = [
  'Name',
  'Email',
  'Photo',
  'Date of Birth',
  'Country',
  'Profession',
  'Entries Count',
];

/** One dashboard chart as a CSV: a row per dzongkhag of the month asked. */
async function leadersCsv(
  res: Response,
  filename: string,
  countHeader: string,
  data: DistrictLeadersResponse,
) {
  const s = data.result[0];
  const rows = (s?.labels ?? []).map((label, i) => [
    s?.year,
    s?.month,
    label,
    s?.data[i] ?? 0,
    ...(countHeader === 'Species Count' ? [(s?.birdNames[i] ?? []).join('; ')] : []),
  ]);
  const header = [
    'Year',
    'Month',
    'Dzongkhag',
    countHeader,
    ...(countHeader === 'Species Count' ? ['Species'] : []),
  ];
  await streamCsv(
    res,
    filename,
    header,
    (async function* () {
      yield rows;
    })(),
  );
}

/**
 * Issue 5: dashboard counts, birders and analytics. Registered before the records routes so that
 * /api/v1/checklists/get-count is not read as a checklist named 'get-count'.
 */
export const registerInsightRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/api/v1/birders-count', 'admin', async (_req, res) => {
    res.json({
      count: await birders.countBirders(ctx),
    });
  });
  t.add('get', '/api/v1/checklists/get-count', 'admin', async (_req, res) => {
    res.json({ count: (await analytics.siteTotals(ctx)).checklists });
  });
  t.add('get', '/api/v1/checklists/analyze/birdingsites-count', 'admin', async (_req, res) => {
    res.json({ count: (await analytics.siteTotals(ctx)).sites });
  });

  t.add('get', '/api/v1/checklists/analyze/district-species', 'admin', async (req, res) => {
    const q = parse(PeriodQuerySchema, req.query);
    const data = await analytics.districtSpecies(ctx, q);
    if (q.format === 'csv') await leadersCsv(res, 'district_species_count.csv', 'Species Count', data);
    else res.json(data);
  });
  t.add('get', '/api/v1/checklists/analyze/district-checklists', 'admin', async (req, res) => {
    const q = parse(PeriodQuerySchema, req.query);
    const data = await analytics.districtChecklists(ctx, q);
    if (q.format === 'csv') await leadersCsv(res, 'district_checklists_count.csv', 'Checklists Count', data);
    else res.json(data);
  });
  t.add('get', '/api/v1/checklists/analyze/species-count-months', 'admin', async (req, res) => {
    res.json(await analytics.speciesCountMonths(ctx, parse(PeriodQuerySchema, req.query)));
  });
  t.add('get', '/api/v1/checklists/analyze/district-species-count', 'admin', async (req, res) => {
    res.json(await analytics.districtSpeciesCount(ctx, parse(DistrictSpeciesCountQuerySchema, req.query)));
  });
  t.add('get', '/api/v1/checklists/analyze/birds-count-year', 'admin', async (req, res) => {
    res.json(await analytics.birdsCountYear(ctx, parse(BirdsCountYearQuerySchema, req.query)));
  });
  t.add('post', '/api/v1/checklists/analyze', 'admin', async (req, res) => {
    const q = parse(PeriodQuerySchema, req.query);
    const result = await withImportSlot(async () => {
      const file = await receiveSpreadsheet(req, res);
      return analyseChecklists(file.buffer, resolveMonth(q));
    });
    res.json(result);
  });

  t.add('get', '/api/v1/birders', 'admin', async (req, res) => {
    const q = parse(BirdersQuerySchema, req.query);
    if (q.format !== 'csv') {
      res.json(await birders.listBirders(ctx, q));
      return;
    }
    await streamCsv(
      res,
      'birders.csv',
      BIRDERS_CSV_HEADER,
      (async function* () {
        for await (const batch of birders.exportBirders(ctx, q))
          yield batch.map((b) => [b.name, b.email, b.photo, b.dob, b.country, b.profession, b.entriesCount]);
      })(),
    );
  });
  t.add('get', '/api/v1/birders/top', 'admin', async (req, res) => {
    res.json(await birders.topBirders(ctx, parse(BirdersQuerySchema, req.query)));
  });
  t.add('get', '/api/v1/birders/:id', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const q = parse(BirderDetailQuerySchema, req.query);
    res.json(await birders.getBirder(ctx, id, q.page, q.limit));
  });
  t.add('delete', '/api/v1/birders/:id', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    res.json(await birders.deleteBirder(ctx, currentUser(req), id));
  });
};
