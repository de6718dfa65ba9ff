import {
  IDEMPOTENCY_KEY_HEADER,
  RegisterAdminBodySchema,
  UpdatePasswordBodySchema,
  UpdateProfileBodySchema,
  UpdateUserRequestSchema,
  UsersListQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { sendAnswer } from '../idempotency/idempotency.http';
import { idempotentRequest } from '../idempotency/idempotency.service';
import * as users from './users.service';

const IdParam = z.object({ id: z.uuid({ error: 'User id is not valid' }) });
const IdOrEmailParam = z.object({ id: z.string().trim().min(1).max(254) });

export const registerUserRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/users', 'root', async (req, res) => {
    const q = parse(UsersListQuerySchema, req.query);
    res.json(await users.listAdmins(ctx, q.page, q.limit));
  });

  t.add('get', '/users/:id', 'admin', async (req, res) => {
    const { id } = parse(IdOrEmailParam, req.params);
    res.json(await users.getUser(ctx, currentUser(req), id));
  });

  t.add('patch', '/users/:id', 'root', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const body = parse(UpdateUserRequestSchema, req.body);
    const data = await users.updateUser(ctx, currentUser(req), id, body);
    res.json({ message: 'User updated successfully', data });
  });

  t.add('delete', '/users/:id', 'root', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    await users.deleteUser(ctx, currentUser(req), id);
    res.json({ message: 'User deleted successfully' });
  });

  t.add('patch', '/users/:id/deactivate', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    await users.deactivateUser(ctx, currentUser(req), id);
    res.json({ message: 'Account deactivated' });
  });

  t.add('patch', '/users/:id/update-profile', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const body = parse(UpdateProfileBodySchema, req.body);
    const data = await users.updateProfile(ctx, currentUser(req), id, body);
    res.json({ message: 'Profile updated successfully', data });
  });

  t.add('post', '/users/:id/update-password', 'admin', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const body = parse(UpdatePasswordBodySchema, req.body);
    await users.updatePassword(ctx, currentUser(req), id, body);
    res.json({ message: 'Password updated. Please sign in again.' });
  });

  t.add('post', '/auth/register-admin', 'root', async (req, res) => {
    const user = currentUser(req);
    const body = parse(RegisterAdminBodySchema, req.body);
    // The password stays out of the stored request hash (a fast hash of it would be guessable), so a
    // retry is matched on the other fields.
    const { password: _password, confirmPassword: _confirm, ...hashed } = body;
    const idem = idempotentRequest(
      user.id,
      req.get(IDEMPOTENCY_KEY_HEADER),
      hashed,
      'POST /auth/register-admin',
    );
    sendAnswer(res, await users.registerAdmin(ctx, user, body, idem));
  });
};
