import { pipeline } from 'node:stream/promises';
import {
  BulkReviewSchema,
  ChecklistCorrectionSchema,
  EntryApprovalPatchSchema,
  EntryPatchSchema,
  EntryRenamePatchSchema,
  type RecordsQuery,
  RecordsQuerySchema,
} from '@jarog/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { dataVersionOf } from '../../lib/conditional-get';
import { sendCsvHeaders, streamCsv } from '../../lib/csv';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { correctChecklist, deleteChecklist } from './records.admin';
import { copyRecordsCsv } from './records.copy';
import { RECORDS_CSV_FILE, RECORDS_CSV_HEADER, toRecordsCsvRow } from './records.csv';
import type { RecordsList } from './records.repository';
import * as service from './records.service';

const ChecklistRef = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Checklist id or name is required')
    .max(300, 'Checklist name is too long (300 characters at most)'),
});
const EntryParam = z.object({ entryId: z.uuid({ error: 'Entry id is not valid' }) });
const ChecklistIdParam = z.object({ id: z.uuid({ error: 'Checklist id is not valid' }) });

/** Reading and reviewing records: lists, details, review, rename, bulk review, CSV exports. */
export const registerRecordsReviewRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/api/v1/entries', 'admin', async (req, res) => {
    await sendList(ctx, res, 'entries', parse(RecordsQuerySchema, req.query));
  });

  t.add('get', '/api/v1/checklists', 'admin', async (req, res) => {
    await sendList(ctx, res, 'checklists', parse(RecordsQuerySchema, req.query));
  });

  t.add('get', '/api/v1/newspecies', 'admin', async (req, res) => {
    await sendList(ctx, res, 'newspecies', parse(RecordsQuerySchema, req.query));
  });

  // Before the /:id routes, so 'review' is never read as a checklist.
  t.add('post', '/api/v1/checklists/review', 'admin', async (req, res) => {
    res.json(await service.bulkReview(ctx, currentUser(req), parse(BulkReviewSchema, req.body)));
  });

  t.add('get', '/api/v1/checklists/:id', 'admin', async (req, res) => {
    res.json(await service.getChecklist(ctx, parse(ChecklistRef, req.params).id));
  });

  // An administrator's corrections (issue 12): date, time and place; and deleting a checklist.
  t.add('patch', '/api/v1/checklists/:id/details', 'admin', async (req, res) => {
    const { id } = parse(ChecklistIdParam, req.params);
    res.json(await correctChecklist(ctx, currentUser(req), id, parse(ChecklistCorrectionSchema, req.body)));
  });

  t.add('delete', '/api/v1/checklists/:id', 'admin', async (req, res) => {
    res.json(await deleteChecklist(ctx, currentUser(req), parse(ChecklistIdParam, req.params).id));
  });

  t.add('patch', '/api/v1/checklists/:entryId', 'admin', async (req, res) => {
    const { entryId } = parse(EntryParam, req.params);
    res.json(await service.patchEntry(ctx, currentUser(req), entryId, parseEntryPatch(req.body)));
  });
};

/**
 * A list as JSON (one page), or its export: `format=csv` streams the page shown, or with
 * `export_limit=all` the whole filtered list; `export_limit=all` alone streams that list as JSON.
 */
async function sendList(ctx: AppContext, res: Response, list: RecordsList, q: RecordsQuery): Promise<void> {
  if (q.format === 'csv' && q.export_limit === 'all') {
    // The whole list: written by the database's COPY (records.copy.ts), same bytes as below.
    sendCsvHeaders(res, RECORDS_CSV_FILE[list]);
    await pipeline(copyRecordsCsv(ctx.database, list, q), res);
    return;
  }
  if (q.format === 'csv') {
    await streamCsv(
      res,
      RECORDS_CSV_FILE[list],
      RECORDS_CSV_HEADER,
      mapBatches(service.exportEntries(ctx, list, q), toRecordsCsvRow),
    );
    return;
  }
  if (q.export_limit !== 'all') {
    res.json(
      list === 'entries'
        ? await service.listEntries(ctx, q, dataVersionOf(res))
        : await service.listChecklists(ctx, list, q, dataVersionOf(res)),
    );
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.write('{"checklists":[');
  let n = 0;
  const items = list === 'entries' ? service.exportEntries(ctx, list, q) : service.exportGroups(ctx, list, q);
  for await (const batch of items) {
    for (const item of batch) res.write(`${n++ ? ',' : ''}${JSON.stringify(item)}`);
  }
  res.end(`],"foundTotal":${n}}`);
}

/** Parses with the branch the body names, so a bad value gets that branch's message, not the union's. */
function parseEntryPatch(body: unknown) {
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  if (
    keys.includes('approvalStatus') &&
    keys.every((k) => k === 'approvalStatus' || k === 'rejectionReason')
  ) {
    return parse(EntryApprovalPatchSchema, body);
  }
  if (keys.length === 1 && keys[0] === 'BirdName') return parse(EntryRenamePatchSchema, body);
  return parse(EntryPatchSchema, body);
}

async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, fn: (t: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(fn);
}
