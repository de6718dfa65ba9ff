import {
  IDEMPOTENCY_KEY_HEADER,
  MobileChecklistPatchSchema,
  MobileChecklistQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { receiveSpreadsheet } from '../../lib/upload';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { deleteOwnDraft, listOwnEntries, setOwnStatus, uploadOwnEntries } from './ingest.mobile';
import { addChecklists } from './ingest.service';
import { uploadChecklists } from './ingest.upload';

const IdParam = z.object({ id: z.uuid({ error: 'Checklist or entry id is not valid' }) });
const UploadQuery = z.object({ partial: z.enum(['0', '1', 'true', 'false']).optional() });

/** Adding records: console form, original document shape, .xlsx upload, the mobile checkList calls. */
export const registerRecordsIngestRoutes: RegisterRoutes = (t, ctx) => {
  t.add('post', '/api/v1/checklists', 'admin', async (req, res) => {
    const { created, response } = await addChecklists(ctx, currentUser(req), req.body);
    res.status(created ? 201 : 200).json(response);
  });

  t.add('post', '/api/v1/checklists/fileupload', 'admin', async (req, res) => {
    const file = await receiveSpreadsheet(req, res);
    const { partial } = parse(UploadQuery, req.query);
    res.json(await uploadChecklists(ctx, currentUser(req), file, partial === '1' || partial === 'true'));
  });

  // The birders' app: paths as it calls them (Express matches them case-insensitively).
  t.add('post', '/api/v1/checkList', 'signed-in', async (req, res) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    const out = await uploadOwnEntries(ctx, currentUser(req), req.body, key);
    if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(out.statusCode).json(out.body);
  });

  t.add('get', '/api/v1/checkList', 'signed-in', async (req, res) => {
    res.json(await listOwnEntries(ctx, currentUser(req), parse(MobileChecklistQuerySchema, req.query)));
  });

  t.add('patch', '/api/v1/checkList/:id', 'signed-in', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { status } = parse(MobileChecklistPatchSchema, req.body);
    res.json(await setOwnStatus(ctx, currentUser(req), id, status));
  });

  t.add('delete', '/api/v1/checkList/:id', 'signed-in', async (req, res) => {
    await deleteOwnDraft(ctx, currentUser(req), parse(IdParam, req.params).id);
    res.json({ status: 'success', data: null });
  });
};
