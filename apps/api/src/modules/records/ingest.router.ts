import {
  type ChecklistUploadProgress,
  type ChecklistUploadResponse,
  IDEMPOTENCY_KEY_HEADER,
  isOn,
  MobileChecklistPatchSchema,
  MobileChecklistQuerySchema,
  UploadQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { withImportSlot } from '../../lib/import-slots';
import { writeJsonInPieces } from '../../lib/json-stream';
import { receiveSpreadsheet } from '../../lib/upload';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { idempotencyOf, sendAnswer } from '../idempotency/idempotency.http';
import { deleteOwnDraft, entriesEtag, listOwnEntries, setOwnStatus, uploadOwnEntries } from './ingest.mobile';
import { addChecklists } from './ingest.service';
import { uploadChecklists } from './ingest.upload';

const IdParam = z.object({ id: z.uuid({ error: 'Checklist or entry id is not valid' }) });
/** The birders' app routes also accept its session cookie where it sends no token. */
const APP = { sessionCookie: true } as const;

/** Adding records: console form, original document shape, .xlsx upload, the mobile checkList calls. */
export const registerRecordsIngestRoutes: RegisterRoutes = (t, ctx) => {
  t.add('post', '/api/v1/checklists', 'admin', async (req, res) => {
    const user = currentUser(req);
    const idem = idempotencyOf(req, user.id, 'POST /api/v1/checklists');
    sendAnswer(res, await addChecklists(ctx, user, req.body, idem));
  });

  t.add('post', '/api/v1/checklists/fileupload', 'admin', async (req, res) => {
    const { partial, dryRun } = parse(UploadQuerySchema, req.query);
    const keepGood = isOn(partial);
    const preview = isOn(dryRun);
    await withImportSlot(async () => {
      const file = await receiveSpreadsheet(req, res);
      if (!req.get('accept')?.includes('application/x-ndjson')) {
        const answer = await uploadChecklists(ctx, currentUser(req), file, keepGood, preview);
        // As res.json would send it, written in pieces (a 100,000-row answer is some 15 MB).
        res.status(200).type('application/json');
        await writeJsonInPieces(res, answer);
        res.end();
        return;
      }
      // Progress as it runs, one JSON object per line (ChecklistUploadProgressSchema).
      res.status(200).type('application/x-ndjson').setHeader('Cache-Control', 'no-store');
      const send = (event: ChecklistUploadProgress) => res.write(`${JSON.stringify(event)}\n`);
      let result: ChecklistUploadResponse;
      try {
        result = await uploadChecklists(ctx, currentUser(req), file, keepGood, preview, send);
      } catch (err) {
        const e =
          err instanceof AppError
            ? err
            : new AppError('INTERNAL', 'Something went wrong on our side. Please try again later.');
        if (!(err instanceof AppError)) ctx.logger.error({ err }, 'checklist upload failed');
        send({
          phase: 'error',
          status: e.status,
          error: {
            message: e.message,
            code: e.code,
            ...(e.details === undefined ? {} : { details: e.details }),
          },
        });
        res.end();
        return;
      }
      // The last line, {"phase":"done","result":…}, written in pieces.
      res.write('{"phase":"done","result":');
      await writeJsonInPieces(res, result, '}\n');
      res.end();
    });
  });

  // The birders' app: paths as it calls them (Express matches them case-insensitively).
  t.add(
    'post',
    '/api/v1/checkList',
    'signed-in',
    async (req, res) => {
      const key = req.get(IDEMPOTENCY_KEY_HEADER);
      sendAnswer(res, await uploadOwnEntries(ctx, currentUser(req), req.body, key));
    },
    APP,
  );

  t.add(
    'get',
    '/api/v1/checkList',
    'signed-in',
    async (req, res) => {
      const all = Object.keys(req.query).length === 0;
      const body = await listOwnEntries(
        ctx,
        currentUser(req),
        parse(MobileChecklistQuerySchema, req.query),
        all,
      );
      // Express answers 304 itself when If-None-Match matches the ETag set here.
      res.set('ETag', entriesEtag(body)).set('Cache-Control', 'private, no-cache').json(body);
    },
    APP,
  );

  t.add(
    'patch',
    '/api/v1/checkList/:id',
    'signed-in',
    async (req, res) => {
      const { id } = parse(IdParam, req.params);
      const { status } = parse(MobileChecklistPatchSchema, req.body);
      res.json(await setOwnStatus(ctx, currentUser(req), id, status));
    },
    APP,
  );

  t.add(
    'delete',
    '/api/v1/checkList/:id',
    'signed-in',
    async (req, res) => {
      await deleteOwnDraft(ctx, currentUser(req), parse(IdParam, req.params).id);
      res.json({ status: 'success', data: null });
    },
    APP,
  );
};
