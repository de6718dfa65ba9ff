import {
  AuthConfigResponseSchema,
  CheckLoggedInFailureSchema,
  CheckLoggedInResponseSchema,
  CreateNotificationBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MessageResponseSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
  RegisterAdminBodySchema,
  RegisterBodySchema,
  UpdatePasswordBodySchema,
  UpdateProfileBodySchema,
  UpdateProfileResponseSchema,
  UpdateUserRequestSchema,
  UserRecordSchema,
  UsersListQuerySchema,
  UsersListResponseSchema,
} from '@jarog/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
const UserUpdatedSchema = z.object({ message: z.string(), data: UserRecordSchema });
const USER_ID = 'The account id';
const RESET = { id: 'The reset id from the mailed link', token: 'The token from the mailed link' };
const THROTTLED =
  'Too many sign-in attempts for the account from this address, for the account, or from this address (Retry-After says how long to wait)';

/** The console's own routes: health, sign-in, password reset, accounts and the activity log. */
export const CORE_DOCS: Record<string, RouteDoc> = {
  'GET /healthz': {
    tag: 'Health',
    summary: 'Whether the API and its database are up (nothing else is said)',
    response: HealthSchema,
    errors: { 503: 'The database is not ready or cannot be reached (Retry-After says when to look again)' },
  },
  'GET /auth/config': {
    tag: 'Sign-in',
    summary: 'What the console needs before sign-in (whether Google sign-in is on)',
    response: AuthConfigResponseSchema,
  },
  'POST /auth/login': {
    tag: 'Sign-in',
    summary: 'Console sign-in: a token for an admin or root account',
    description:
      'A wrong email and a wrong password answer alike (401). After the right password, a deactivated account gets 403 ACCOUNT_DEACTIVATED and a plain user account 403 NOT_ADMIN.',
    body: LoginBodySchema,
    response: LoginResponseSchema,
    errors: { 429: THROTTLED },
  },
  'GET /auth/checkLoggedIn': {
    tag: 'Sign-in',
    summary: 'The signed-in account, if the token is still valid',
    description:
      'A bad, expired, revoked or missing token answers 401 `{valid: false, message, code}` (a deactivated account 403 with `valid: false` too).',
    response: CheckLoggedInResponseSchema,
    errorSchema: CheckLoggedInFailureSchema,
  },
  'POST /auth/logout': {
    tag: 'Sign-in',
    summary: 'Signs out everywhere: every token of the account stops working',
    response: MessageResponseSchema,
  },
  'POST /auth/register': {
    tag: 'Sign-in',
    summary: 'Self-service sign-up of a plain user account',
    body: RegisterBodySchema,
    description:
      'Answers the same 201 whether or not the email already has an account (the owner of an existing account gets a mail saying someone tried), so the form does not tell who has an account. At most 10 sign-ups per address per hour.',
    response: MessageResponseSchema,
    status: 201,
    errors: { 429: 'Too many sign-ups from this address (Retry-After says how long to wait)' },
  },
  'GET /auth/google': {
    tag: 'Sign-in',
    summary: "Starts Google sign-in (redirects to Google's consent page)",
    produces: { type: 'redirect', description: "Redirect to Google's consent page" },
    errors: { 404: 'Google sign-in is not enabled' },
  },
  'GET /auth/google/callback': {
    tag: 'Sign-in',
    summary: 'Where Google sends the browser back; redirects to the console',
    produces: { type: 'redirect', description: 'Redirect to the console (login, /deactivated or an error)' },
  },
  'GET /auth/login/success': {
    tag: 'Sign-in',
    summary: 'Exchanges the one-time Google sign-in cookie for a token, once',
    response: LoginResponseSchema.extend({ success: z.literal(true) }),
    errors: { 401: 'No or expired one-time cookie' },
  },
  'POST /api/v1/password-reset': {
    tag: 'Password reset',
    summary: 'Mails a reset link (1 hour) when the email has an active account',
    description:
      'The answer is the same whether or not the email has an account; at most 5 mails per address per hour.',
    body: PasswordResetRequestBodySchema,
    response: MessageResponseSchema,
  },
  'GET /api/v1/password-reset/:id/:token': {
    tag: 'Password reset',
    summary: 'Whether a reset link is still valid',
    params: RESET,
    response: MessageResponseSchema,
  },
  'POST /api/v1/password-reset/:id/:token': {
    tag: 'Password reset',
    summary: 'Sets a new password through a reset link and signs the account out everywhere',
    params: RESET,
    body: PasswordResetBodySchema,
    response: MessageResponseSchema,
  },
  'GET /users': {
    tag: 'Accounts',
    summary: 'Admin and root accounts, newest first',
    query: UsersListQuerySchema,
    response: UsersListResponseSchema,
  },
  'GET /users/:id': {
    tag: 'Accounts',
    summary: 'One account by id or email (admins: only their own)',
    params: { id: 'The account id or email' },
    response: UserRecordSchema,
    errors: { 404: 'No such account, or not one the caller may see' },
  },
  'PATCH /users/:id': {
    tag: 'Accounts',
    summary: 'A root-user edits an account (only the fields sent change)',
    description:
      'A body echoing back what GET /users/{id} returned is accepted: the read-only fields (`_id`, `createdAt`, `profile`, `country`, `googleAccount`, ...) are ignored, and `isDeactivated` may be `"true"`/`"false"`. Any other unknown field is a 400.',
    params: { id: USER_ID },
    body: UpdateUserRequestSchema,
    response: UserUpdatedSchema,
    errors: { 404: 'No such account', 409: 'The email is taken' },
  },
  'DELETE /users/:id': {
    tag: 'Accounts',
    summary: 'Deletes an account (never the last root-user)',
    params: { id: USER_ID },
    response: MessageResponseSchema,
    errors: { 404: 'No such account' },
  },
  'PATCH /users/:id/deactivate': {
    tag: 'Accounts',
    summary: 'Deactivates an account: itself, or any account for a root-user',
    params: { id: USER_ID },
    response: MessageResponseSchema,
    errors: { 404: 'No such account, or not one the caller may see' },
  },
  'PATCH /users/:id/update-profile': {
    tag: 'Accounts',
    summary: 'Updates the caller’s own name, email and photo (a data URL)',
    params: { id: 'The caller’s own account id' },
    body: UpdateProfileBodySchema,
    response: UpdateProfileResponseSchema,
    errors: { 404: 'Not the caller’s own account', 409: 'The email is taken' },
  },
  'POST /users/:id/update-password': {
    tag: 'Accounts',
    summary: 'Changes the caller’s own password and signs out everywhere',
    params: { id: 'The caller’s own account id' },
    body: UpdatePasswordBodySchema,
    response: MessageResponseSchema,
    errors: { 404: 'Not the caller’s own account' },
  },
  'POST /auth/register-admin': {
    tag: 'Accounts',
    summary: 'A root-user creates an admin or root account',
    headers: {
      'Idempotency-Key':
        'Optional, any printable text up to 200 characters: a retry with the same key gets the first answer (`Idempotent-Replayed: true`) and creates nothing; the same key with another body is a 422',
    },
    body: RegisterAdminBodySchema,
    description:
      'Answers the same 201 whether or not the email already has an account (the owner of an existing account gets a mail saying someone tried), so the form does not tell who has an account. At most 10 sign-ups per address per hour.',
    response: MessageResponseSchema,
    status: 201,
    errors: {
      422: 'The Idempotency-Key was already used with a different body',
      429: 'Too many sign-ups from this address (Retry-After says how long to wait)',
    },
  },
  'GET /notifications': {
    tag: 'Activity log',
    summary: 'The activity log, newest first',
    query: NotificationsQuerySchema,
    response: NotificationsResponseSchema,
  },
  'POST /notifications': {
    tag: 'Activity log',
    summary: 'Adds a line to the activity log (the caller’s email is recorded beside it)',
    body: CreateNotificationBodySchema,
    response: MessageResponseSchema,
    status: 201,
  },
};
