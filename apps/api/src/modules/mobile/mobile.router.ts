import {
  BirderNoticesQuerySchema,
  ForgotPasswordBodySchema,
  MobileLoginBodySchema,
  MobileSignupBodySchema,
  OTP_TTL_MINUTES,
  OtpBodySchema,
  UPDATE_ME_LOCKED_FIELDS,
  UPDATE_ME_PASSWORD_FIELDS,
  UPDATE_ME_PASSWORD_MESSAGE,
  UpdateMeBodySchema,
  UpdateMyPasswordBodySchema,
  VerificationBodySchema,
} from '@jarog/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { RESET_REQUEST_MESSAGE } from '../password-reset/password-reset.service';
import * as accounts from './accounts.service';
import { deleteOwnNotice, ownNotices } from './notices.service';
import { sendCode, verifyCode } from './verification.service';

const UserIdParam = z.object({ userId: z.uuid({ error: 'User id is not valid' }) });
const IdParam = z.object({ id: z.uuid({ error: 'Notification id is not valid' }) });
const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** updateMe never changes email, password or account type: say where to go instead of ignoring them. */
function refuseLockedFields(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const keys = Object.keys(body);
  if (UPDATE_ME_PASSWORD_FIELDS.some((k) => keys.includes(k))) {
    throw new AppError('BAD_REQUEST', UPDATE_ME_PASSWORD_MESSAGE);
  }
  const locked = UPDATE_ME_LOCKED_FIELDS.filter((k) => keys.includes(k));
  if (locked.length > 0) throw new AppError('BAD_REQUEST', `${locked.join(' and ')} cannot be changed here`);
}

/** The mobile app's account calls: sign-up codes, signup, Login, updateMe, updateMyPassword, forgotPassword, birder notices. */
export const registerMobileAccountRoutes: RegisterRoutes = (t, ctx) => {
  t.add('post', '/api/v1/users/verification', 'public', async (req, res) => {
    const { name, email } = parse(VerificationBodySchema, req.body);
    await sendCode(ctx, name, email);
    res.json({
      status: 'success',
      message: `We have sent a ${OTP_TTL_MINUTES}-minute code to ${email}. Enter it to continue.`,
      data: { email, expiresInMinutes: OTP_TTL_MINUTES },
    });
  });

  t.add('post', '/api/v1/users/OTP', 'public', async (req, res) => {
    const { email, otp } = parse(OtpBodySchema, req.body);
    await verifyCode(ctx, email, otp);
    res.json({ status: 'success', message: 'Email verified. You can now sign up.', data: { email } });
  });

  t.add('post', '/api/v1/users/signup', 'public', async (req, res) => {
    res.status(201).json(await accounts.signup(ctx, parse(MobileSignupBodySchema, req.body)));
  });

  t.add('post', '/api/v1/users/Login', 'public', async (req, res) => {
    res.json(await accounts.mobileLogin(ctx, parse(MobileLoginBodySchema, req.body), clientIp(req)));
  });

  t.add('patch', '/api/v1/users/updateMe', 'signed-in', async (req, res) => {
    refuseLockedFields(req.body);
    const user = await accounts.updateMe(ctx, currentUser(req), parse(UpdateMeBodySchema, req.body));
    res.json({ status: 'success', data: { user } });
  });

  t.add('patch', '/api/v1/users/updateMyPassword', 'signed-in', async (req, res) => {
    const body = parse(UpdateMyPasswordBodySchema, req.body);
    res.json(await accounts.updateMyPassword(ctx, currentUser(req), body));
  });

  t.add('post', '/api/v1/forgotPassword', 'public', async (req, res) => {
    const { email } = parse(ForgotPasswordBodySchema, req.body);
    await accounts.forgotPassword(ctx, email);
    res.json({ status: 'success', message: RESET_REQUEST_MESSAGE, data: null });
  });

  t.add('get', '/api/v1/notifications/:userId', 'signed-in', async (req, res) => {
    const { userId } = parse(UserIdParam, req.params);
    const { page, limit } = parse(BirderNoticesQuerySchema, req.query);
    res.json(await ownNotices(ctx, currentUser(req), userId, page, limit));
  });

  t.add('delete', '/api/v1/notifications/:id', 'signed-in', async (req, res) => {
    await deleteOwnNotice(ctx, currentUser(req), parse(IdParam, req.params).id);
    res.json({ status: 'success', data: null });
  });
};
