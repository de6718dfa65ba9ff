import {
  ApproveUnflaggedSchema,
  pageQuery,
  RejectionTemplateInputSchema,
  ReviewLimitKeySchema,
  ReviewLimitPutSchema,
  ReviewLimitsQuerySchema,
  ReviewLimitsSeedSchema,
  ReviewQueueQuerySchema,
  ReviewSettingsPatchSchema,
  UndoAutoApprovalSchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import * as service from './review.service';

const IdParam = z.object({ id: z.uuid({ error: 'Rejection reason id is not valid' }) });

/** The reviewers' tools: triage queue, automatic approvals, count limits, rejection reasons, settings. */
export const registerReviewRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/api/v1/review/queue', 'admin', async (req, res) => {
    res.json(await service.queue(ctx, parse(ReviewQueueQuerySchema, req.query)));
  });
  t.add('get', '/api/v1/review/summary', 'admin', async (_req, res) => {
    res.json(await service.queueSummary(ctx));
  });
  t.add('post', '/api/v1/review/approve-unflagged', 'admin', async (req, res) => {
    const { entryIds } = parse(ApproveUnflaggedSchema, req.body);
    res.json(await service.approveUnflagged(ctx, currentUser(req), entryIds));
  });

  t.add('get', '/api/v1/review/auto-approved', 'admin', async (req, res) => {
    const { page, limit } = parse(pageQuery(20), req.query);
    res.json(await service.autoApproved(ctx, page, limit));
  });
  t.add('post', '/api/v1/review/auto-approved/undo', 'admin', async (req, res) => {
    const { entryIds } = parse(UndoAutoApprovalSchema, req.body);
    res.json(await service.undoAutoApproval(ctx, currentUser(req), entryIds));
  });
  t.add('get', '/api/v1/review/settings', 'admin', async (_req, res) => {
    res.json(await service.getSettings(ctx));
  });
  t.add('patch', '/api/v1/review/settings', 'admin', async (req, res) => {
    res.json(await service.updateSettings(ctx, currentUser(req), parse(ReviewSettingsPatchSchema, req.body)));
  });

  t.add('get', '/api/v1/review/limits', 'admin', async (req, res) => {
    res.json(await service.listLimits(ctx, parse(ReviewLimitsQuerySchema, req.query)));
  });
  t.add('put', '/api/v1/review/limits', 'admin', async (req, res) => {
    res.json(await service.putLimit(ctx, currentUser(req), parse(ReviewLimitPutSchema, req.body)));
  });
  t.add('delete', '/api/v1/review/limits', 'admin', async (req, res) => {
    res.json(await service.deleteLimit(ctx, currentUser(req), parse(ReviewLimitKeySchema, req.query)));
  });
  t.add('post', '/api/v1/review/limits/seed', 'admin', async (req, res) => {
    res.json(await service.seedLimits(ctx, currentUser(req), parse(ReviewLimitsSeedSchema, req.body ?? {})));
  });

  t.add('get', '/api/v1/review/rejection-templates', 'admin', async (_req, res) => {
    res.json(await service.listTemplates(ctx));
  });
  t.add('post', '/api/v1/review/rejection-templates', 'admin', async (req, res) => {
    res
      .status(201)
      .json(await service.addTemplate(ctx, currentUser(req), parse(RejectionTemplateInputSchema, req.body)));
  });
  t.add('patch', '/api/v1/review/rejection-templates/:id', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    res.json(
      await service.updateTemplate(ctx, currentUser(req), id, parse(RejectionTemplateInputSchema, req.body)),
    );
  });
  t.add('delete', '/api/v1/review/rejection-templates/:id', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    res.json(await service.deleteTemplate(ctx, currentUser(req), id));
  });
};
