import {
  BirderNoticesQuerySchema,
  BirderNoticesResponseSchema,
  ForgotPasswordBodySchema,
  IdentificationNoticesResponseSchema,
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
      'A new code replaces the previous one. When the email already has an account, the answer is the same and the mail tells its owner so instead of carrying a code. At most 5 codes per email per hour. Sets the signed, httpOnly, SameSite=Lax cookie `jarog_signup` (40 minutes) binding the name and email, so users/OTP and users/signup may be sent without them.',
    body: VerificationBodySchema,
    response: MobileMessageResponseSchema,
    errors: {
      429: 'More than 5 codes for this email, or 20 mails from this address, in an hour (Retry-After says how long to wait)',
    },
  },
  'POST /api/v1/users/OTP': {
    tag: TAG,
    summary: 'Checks the mailed code and marks the email verified',
    description:
      'The email is the one bound by the verification cookie (the installed app sends only `{otp}`); an email sent must match it, and without a cookie the email is required. A wrong code answers 400 with `details.attemptsLeft`; the fifth wrong code kills it. An expired, replaced or dead code answers 400; ask for a new one. Sending the right code again after success succeeds again.',
    body: OtpBodySchema,
    response: MobileMessageResponseSchema,
  },
  'POST /api/v1/users/signup': {
    tag: TAG,
    summary: 'Creates a birder account for an email verified in the last 30 minutes',
    description:
      'The name is the one given at verification; the email comes from the verification cookie when not sent (one sent must match it). `dob` may be an ISO date-time (its date is kept), DD/MM/YYYY or YYYY-MM-DD; `""` is not given. The code is used up. The account type is always `user`. Also sets the app’s httpOnly session cookie `jarog_session` (the same token: same lifetime and revocation).',
    body: MobileSignupBodySchema,
    response: MobileSessionResponseSchema,
    status: 201,
    errors: { 409: 'The email already has an account' },
  },
  'POST /api/v1/users/Login': {
    tag: TAG,
    summary: 'Signs a birder (or an admin) in',
    description:
      'Any case of the path works (`/users/login`). Throttled together with the console sign-in. A wrong email and a wrong password answer alike (401); a deactivated account gets 403 ACCOUNT_DEACTIVATED. Also sets the app’s httpOnly, SameSite=Lax session cookie `jarog_session` carrying the same token (same lifetime and revocation); app routes accept it when no Authorization header is sent.',
    body: MobileLoginBodySchema,
    response: MobileSessionResponseSchema,
    errors: { 429: 'Too many failed sign-ins (Retry-After says how long to wait)' },
  },
  'PATCH /api/v1/users/updateMe': {
    tag: TAG,
    summary: 'Updates the caller’s name, country, date of birth, profession or photo',
    description:
      'Only the fields sent change. `photo` is an https address on a configured host (PHOTO_URL_HOSTS, default res.cloudinary.com; any other address is a 400) or an image data URL (stored as a 512 px square JPEG); `null` removes it. `dob` as in signup. Sending a password, email or account type is a 400. Errors carry `error` (the same text as `message`).',
    body: UpdateMeBodySchema,
    response: MobileUserResponseSchema,
  },
  'PATCH /api/v1/users/updateMyPassword': {
    tag: TAG,
    summary: 'Changes the caller’s password; every other session and token stops working',
    description:
      'The session that made the change stays signed in (the installed app keeps its old token); every other session and token of the account ends. The answer carries a token to use from now on (the same session). A wrong current password answers 401 INVALID_CREDENTIALS.',
    body: UpdateMyPasswordBodySchema,
    response: MobileSessionResponseSchema,
  },
  'POST /api/v1/forgotPassword': {
    tag: TAG,
    summary: 'Mails a password reset link, as the console does',
    description:
      'The answer is the same whether or not the email has an account. 201, the status the installed app waits for.',
    body: ForgotPasswordBodySchema,
    response: MobileMessageResponseSchema,
    status: 201,
  },
  'GET /api/v1/notifications/:userId': {
    tag: 'Mobile: notices',
    summary: 'The caller’s identification notices, oldest first, as the installed app reads them',
    description:
      'An array of the notices telling the birder an admin named one of their entries (`BirdName` is the entry’s current name, `photoUrl` its photo): the newest 1,000, oldest first. Other notices (approvals, rejections) are at GET /api/v1/notices. Only the caller’s own: any other id answers 404, for admins too.',
    params: { userId: 'The caller’s own account id' },
    response: IdentificationNoticesResponseSchema,
    errors: { 404: 'Not the caller’s own id' },
  },
  'GET /api/v1/notices': {
    tag: 'Mobile: notices',
    summary: 'Every notice of the caller (approvals, rejections, identifications...), newest first',
    description: 'A page at a time; `kind` says what happened, `entryId` which entry it is about.',
    query: BirderNoticesQuerySchema,
    response: BirderNoticesResponseSchema,
  },
  'DELETE /api/v1/notifications/:id': {
    tag: 'Mobile: notices',
    summary: 'Deletes one of the caller’s notices',
    params: { id: 'The notice id' },
    response: z.object({ status: z.literal('success'), data: z.null() }),
    errors: { 404: 'No such notice of the caller’s' },
  },
};
