import {
  BirderNoticesQuerySchema,
  BirderNoticesResponseSchema,
  ForgotPasswordBodySchema,
  MobileLoginBodySchema,
  MobileMessageResponseSchema,
  MobileSessionResponseSchema,
  MobileSignupBodySchema,
  MobileUserResponseSchema,
  OtpBodySchema,
  UpdateMeBodySchema,
  UpdateMyPasswordBodySchema,
  VerificationBodySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const TAG = 'Mobile: account';

/** The birders' mobile app: account calls and notices (the checkList calls are in records.ts). */
export const MOBILE_DOCS: Record<string, RouteDoc> = {
  'POST /api/v1/users/verification': {
    tag: TAG,
    summary: 'Mails a 6-digit sign-up code (10 minutes, 5 tries)',
    description:
      'A new code replaces the previous one. When the email already has an account, the answer is the same and the mail tells its owner so instead of carrying a code. At most 5 codes per email per hour.',
    body: VerificationBodySchema,
    response: MobileMessageResponseSchema,
    errors: { 429: 'More than 5 codes for this email in an hour (Retry-After says how long to wait)' },
  },
  'POST /api/v1/users/OTP': {
    tag: TAG,
    summary: 'Checks the mailed code and marks the email verified',
    description:
      'A wrong code answers 400 with `details.attemptsLeft`; the fifth wrong code kills it. An expired, replaced or dead code answers 400; ask for a new one. Sending the right code again after success succeeds again.',
    body: OtpBodySchema,
    response: MobileMessageResponseSchema,
  },
  'POST /api/v1/users/signup': {
    tag: TAG,
    summary: 'Creates a birder account for an email verified in the last 30 minutes',
    description:
      'The name is the one given at verification. The code is used up. The account type is always `user`.',
    body: MobileSignupBodySchema,
    response: MobileSessionResponseSchema,
    status: 201,
    errors: { 409: 'The email already has an account' },
  },
  'POST /api/v1/users/Login': {
    tag: TAG,
    summary: 'Signs a birder (or an admin) in',
    description:
      'Throttled together with the console sign-in. A wrong email and a wrong password answer alike (401); a deactivated account gets 403 ACCOUNT_DEACTIVATED.',
    body: MobileLoginBodySchema,
    response: MobileSessionResponseSchema,
    errors: { 429: 'Too many failed sign-ins (Retry-After says how long to wait)' },
  },
  'PATCH /api/v1/users/updateMe': {
    tag: TAG,
    summary: 'Updates the caller’s name, country, date of birth, profession or photo',
    description:
      'Only the fields sent change. `photo` is an image data URL (stored as a 512 px square JPEG); `null` removes it. Sending a password, email or account type is a 400.',
    body: UpdateMeBodySchema,
    response: MobileUserResponseSchema,
  },
  'PATCH /api/v1/users/updateMyPassword': {
    tag: TAG,
    summary: 'Changes the caller’s password; every older token stops working',
    description: 'Answers with a fresh token to use from now on.',
    body: UpdateMyPasswordBodySchema,
    response: MobileSessionResponseSchema,
  },
  'POST /api/v1/forgotPassword': {
    tag: TAG,
    summary: 'Mails a password reset link, as the console does',
    description: 'The answer is the same whether or not the email has an account.',
    body: ForgotPasswordBodySchema,
    response: MobileMessageResponseSchema,
  },
  'GET /api/v1/notifications/:userId': {
    tag: 'Mobile: notices',
    summary: 'The caller’s notices (entries reviewed or renamed), newest first',
    description: 'Only the caller’s own: any other id answers 404, for admins too.',
    params: { userId: 'The caller’s own account id' },
    query: BirderNoticesQuerySchema,
    response: BirderNoticesResponseSchema,
    errors: { 404: 'Not the caller’s own id' },
  },
  'DELETE /api/v1/notifications/:id': {
    tag: 'Mobile: notices',
    summary: 'Deletes one of the caller’s notices',
    params: { id: 'The notice id' },
    response: z.object({ status: z.literal('success'), data: z.null() }),
    errors: { 404: 'No such notice of the caller’s' },
  },
};
