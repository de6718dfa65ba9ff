import { PasswordResetBodySchema, PasswordResetRequestBodySchema } from '@jarog/contracts';
import { z } from 'zod';
import { clientIp } from '../../lib/limits';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import {
  completeReset,
  countLinkCheck,
  RESET_REQUEST_MESSAGE,
  requestReset,
  verifyReset,
} from './password-reset.service';

const LinkParams = z.object({ id: z.string().max(100), token: z.string().max(300) });

export const registerPasswordResetRoutes: RegisterRoutes = (t, ctx) => {
  t.add('post', '/api/v1/password-reset', 'public', async (req, res) => {
    const { email } = parse(PasswordResetRequestBodySchema, req.body);
    await requestReset(ctx, email, clientIp(req));
    res.json({ message: RESET_REQUEST_MESSAGE });
  });

  t.add('get', '/api/v1/password-reset/:id/:token', 'public', async (req, res) => {
    const { id, token } = parse(LinkParams, req.params);
    await countLinkCheck(ctx, clientIp(req));
    await verifyReset(ctx, id, token);
    res.json({ message: 'Link is valid' });
  });

  t.add('post', '/api/v1/password-reset/:id/:token', 'public', async (req, res) => {
    const { id, token } = parse(LinkParams, req.params);
    const body = parse(PasswordResetBodySchema, req.body);
    await countLinkCheck(ctx, clientIp(req));
    await completeReset(ctx, id, token, body.password);
    res.json({ message: 'Your password has been updated. Please sign in.' });
  });
};
