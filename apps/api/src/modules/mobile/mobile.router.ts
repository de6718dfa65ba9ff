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
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { clientIp, consumeOrThrow, limitersFor } from '../../lib/limits';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { RESET_REQUEST_MESSAGE } from '../password-reset/password-reset.service';
import * as accounts from './accounts.service';
import {
  clearVerificationCookie,
  setSessionCookie,
  setVerificationCookie,
  verifiedEmail,
} from './mobile.cookies';
import { deleteOwnNotice, identificationNotices, ownNotices } from './notices.service';
import { sendCode, verifyCode } from './verification.service';

const UserIdParam = z.object({ userId: z.uuid({ error: 'User id is not valid' }) });
const IdParam = z.object({ id: z.uuid({ error: 'Notification id is not valid' }) });
/** The birders' app routes also accept its session cookie where it sends no token. */
const APP = { sessionCookie: true } as const;

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
    await consumeOrThrow(
      [[limitersFor(ctx).mailIp, clientIp(req)]],
      'Too many mails were asked for from this address.',
    );
    await sendCode(ctx, name, email);
    setVerificationCookie(ctx, res, { name, email });
    res.json({
      status: 'success',
      message: `We have sent a ${OTP_TTL_MINUTES}-minute code to ${email}. Enter it to continue.`,
      data: { email, expiresInMinutes: OTP_TTL_MINUTES },
    });
  });

  t.add('post', '/api/v1/users/OTP', 'public', async (req, res) => {
    const body = parse(OtpBodySchema, req.body);
    const email = verifiedEmail(ctx, req, body.email);
    await consumeOrThrow(
      [[limitersFor(ctx).otpIp, clientIp(req)]],
      'Too many codes were tried from this address.',
    );
    await verifyCode(ctx, email, body.otp);
    res.json({ status: 'success', message: 'Email verified. You can now sign up.', data: { email } });
  });

  t.add('post', '/api/v1/users/signup', 'public', async (req, res) => {
    const body = parse(MobileSignupBodySchema, req.body);
    const out = await accounts.signup(ctx, verifiedEmail(ctx, req, body.email), body, clientIp(req));
    clearVerificationCookie(ctx, res);
    setSessionCookie(ctx, res, out.token);
    res.status(201).json(out);
  });

  t.add('post', '/api/v1/users/Login', 'public', async (req, res) => {
    const out = await accounts.mobileLogin(ctx, parse(MobileLoginBodySchema, req.body), clientIp(req));
    setSessionCookie(ctx, res, out.token);
    res.json(out);
  });

  t.add(
    'patch',
    '/api/v1/users/updateMe',
    'signed-in',
    async (req, res) => {
      refuseLockedFields(req.body);
      const user = await accounts.updateMe(ctx, currentUser(req), parse(UpdateMeBodySchema, req.body));
      res.json({ status: 'success', data: { user } });
    },
    APP,
  );

  t.add(
    'patch',
    '/api/v1/users/updateMyPassword',
    'signed-in',
    async (req, res) => {
      const body = parse(UpdateMyPasswordBodySchema, req.body);
      const out = await accounts.updateMyPassword(ctx, currentUser(req), req.sessionId, body);
      setSessionCookie(ctx, res, out.token);
      res.json(out);
    },
    APP,
  );

  t.add('post', '/api/v1/forgotPassword', 'public', async (req, res) => {
    const { email } = parse(ForgotPasswordBodySchema, req.body);
    await accounts.forgotPassword(ctx, email, clientIp(req));
    // 201: the installed app shows its confirmation only for this status.
    res.status(201).json({ status: 'success', message: RESET_REQUEST_MESSAGE, data: null });
  });

  t.add(
    'get',
    '/api/v1/notifications/:userId',
    'signed-in',
    async (req, res) => {
      const { userId } = parse(UserIdParam, req.params);
      res.json(await identificationNotices(ctx, currentUser(req), userId));
    },
    APP,
  );

  t.add(
    'get',
    '/api/v1/notices',
    'signed-in',
    async (req, res) => {
      const { page, limit } = parse(BirderNoticesQuerySchema, req.query);
      res.json(await ownNotices(ctx, currentUser(req), page, limit));
    },
    APP,
  );

  t.add(
    'delete',
    '/api/v1/notifications/:id',
    'signed-in',
    async (req, res) => {
      await deleteOwnNotice(ctx, currentUser(req), parse(IdParam, req.params).id);
      res.json({ status: 'success', data: null });
    },
    APP,
  );
};
