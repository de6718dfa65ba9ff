import { z } from 'zod';
import { EmailSchema, LoginPasswordSchema, NameSchema, PasswordSchema, pageQuery } from './common';
import { UserTypeSchema } from './users';

/**
 * The birders' mobile app: account calls under /api/v1/users/*, /api/v1/forgotPassword and the
 * birder notices. Successes keep the app's envelope `{status: 'success', data, token?}`.
 */

/** Digits in a sign-up code sent by mail. */
export const OTP_LENGTH = 6;
/** Minutes a sign-up code stays usable after it is sent. */
export const OTP_TTL_MINUTES = 10;
/** Wrong codes that kill a code; the birder then asks for a new one. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes one email may be sent per hour. */
export const OTP_MAX_SENDS_PER_HOUR = 5;
/** Minutes after a code is verified during which sign-up must be completed. */
export const OTP_SIGNUP_WINDOW_MINUTES = 30;

/** The message the classic app gave when a password is sent to updateMe. */
export const UPDATE_ME_PASSWORD_MESSAGE =
  'This route is not for password updates. Please use /updateMyPassword.';

const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .transform((s) => s || null);

/** The date part of what the app sends: ISO date-time (its date), DD/MM/YYYY (the old server's) or YYYY-MM-DD. */
function dobDate(s: string): string | undefined {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (iso) return iso[1];
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (dmy) return `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}`;
  return undefined;
}

/**
 * A calendar date of birth between 1900 and today, stored as YYYY-MM-DD. Accepts what the app sends:
 * an ISO date-time (its date part), `DD/MM/YYYY` (the old server's format) or `YYYY-MM-DD`;
 * `""` (no date picked) is "not given" (null).
 */
export const DobSchema = z
  .string({ error: 'Date of birth must be text' })
  .trim()
  .transform((s, ctx) => {
    if (s === '') return null;
    const date = dobDate(s);
    if (!date) {
      ctx.addIssue({
        code: 'custom',
        message: 'Date of birth must be a date like 1990-04-23, 23/04/1990 or 1990-04-23T00:00:00.000Z',
      });
      return z.NEVER;
    }
    const d = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(date)) {
      ctx.addIssue({ code: 'custom', message: 'Date of birth is not a real date' });
      return z.NEVER;
    }
    if (date < '1900-01-01' || date > new Date().toISOString().slice(0, 10)) {
      ctx.addIssue({ code: 'custom', message: 'Date of birth must be between 1900 and today' });
      return z.NEVER;
    }
    return date;
  });

/**
 * A photo from the app: an `https` address (the app uploads to Cloudinary itself; the API accepts
 * only the hosts it is configured for) or, from other clients, an image data URL.
 */
export const MobilePhotoSchema = z
  .string({ error: 'Photo must be text' })
  .trim()
  .max(14_000_000, 'Photo is too large (10 MB at most)')
  .refine((s) => s === '' || /^data:image\/[a-z0-9.+-]+;base64,/i.test(s) || /^https:\/\/\S+$/i.test(s), {
    message: 'Photo must be an https address or an image data URL',
  });

const CountrySchema = z
  .string({ error: 'Country is required' })
  .trim()
  .min(1, 'Country is required')
  .max(100, 'Country must be at most 100 characters');

/** POST /api/v1/users/verification: mails a one-time code to the email. */
export const VerificationBodySchema = z.object({ name: NameSchema, email: EmailSchema });
export type VerificationBody = z.input<typeof VerificationBodySchema>;

/**
 * POST /api/v1/users/OTP. Apps may send the code as a number; it is read as its 6 digits. The
 * installed app sends only `{otp}`: the email then comes from the verification cookie set by
 * POST /users/verification (an email sent here must match it).
 */
export const OtpBodySchema = z.object({
  email: EmailSchema.optional(),
  otp: z
    .union([z.string(), z.number().int().nonnegative()], { error: 'The code is required' })
    .transform((v) => (typeof v === 'number' ? String(v).padStart(OTP_LENGTH, '0') : v.trim()))
    .pipe(z.string().regex(/^\d{6}$/, `The code is the ${OTP_LENGTH} digits we sent by mail`)),
});
export type OtpBody = z.input<typeof OtpBodySchema>;

/**
 * POST /api/v1/users/signup: only after the email's code was verified. The name comes from the
 * verification; the installed app sends no email either (it comes from the verification cookie;
 * an email sent must match it).
 */
export const MobileSignupBodySchema = z
  .object({
    email: EmailSchema.optional(),
    dob: DobSchema.nullable().optional(),
    country: CountrySchema,
    profession: optionalText('Profession').optional(),
    password: PasswordSchema,
    passwordConfirm: z.string({ error: 'Please confirm the password' }),
  })
  .refine((b) => b.password === b.passwordConfirm, {
    message: 'Passwords do not match',
    path: ['passwordConfirm'],
  });
export type MobileSignupBody = z.input<typeof MobileSignupBodySchema>;

/** POST /api/v1/users/Login. */
export const MobileLoginBodySchema = z.object({ email: EmailSchema, password: LoginPasswordSchema });
export type MobileLoginBody = z.input<typeof MobileLoginBodySchema>;

/**
 * PATCH /api/v1/users/updateMe: only the fields sent change. Email, password and account type are
 * refused here (the router answers 400 before this schema sees them).
 */
export const UpdateMeBodySchema = z
  .object({
    name: NameSchema.optional(),
    country: CountrySchema.optional(),
    dob: DobSchema.nullable().optional(),
    profession: optionalText('Profession').nullable().optional(),
    photo: MobilePhotoSchema.nullable().optional(),
  })
  .strict();
export type UpdateMeBody = z.input<typeof UpdateMeBodySchema>;
/** Fields updateMe never changes; sending one is a 400 that says where to go instead. */
export const UPDATE_ME_PASSWORD_FIELDS = ['password', 'passwordConfirm', 'passwordCurrent'] as const;
export const UPDATE_ME_LOCKED_FIELDS = ['email', 'userType', 'role'] as const;

/** PATCH /api/v1/users/updateMyPassword. */
export const UpdateMyPasswordBodySchema = z
  .object({
    passwordCurrent: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024, 'Current password is too long'),
    password: PasswordSchema,
    passwordConfirm: z.string({ error: 'Please confirm the password' }),
  })
  .refine((b) => b.password === b.passwordConfirm, {
    message: 'Passwords do not match',
    path: ['passwordConfirm'],
  });
export type UpdateMyPasswordBody = z.input<typeof UpdateMyPasswordBodySchema>;

/** POST /api/v1/forgotPassword. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });

/** A birder's account as the mobile app reads it: never a password hash. */
export const MobileUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  dob: z.string().nullable(),
  country: z.string().nullable(),
  profession: z.string().nullable(),
  userType: UserTypeSchema,
  createdAt: z.string(),
});
export type MobileUser = z.infer<typeof MobileUserSchema>;

/** `{status: 'success', token, data: {user}}`: signup, Login and updateMyPassword. */
export const MobileSessionResponseSchema = z.object({
  status: z.literal('success'),
  token: z.string(),
  data: z.object({ user: MobileUserSchema }),
});
export type MobileSessionResponse = z.infer<typeof MobileSessionResponseSchema>;

/** `{status: 'success', data: {user}}`: updateMe. */
export const MobileUserResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ user: MobileUserSchema }),
});

/** `{status: 'success', message, data}`: verification, OTP, forgotPassword. */
export const MobileMessageResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ email: z.string(), expiresInMinutes: z.number().optional() }).nullable(),
});

/** What happened to one of a birder's records. Reviewers' notices of other kinds may be added. */
export const BIRDER_NOTICE_KINDS = ['approved', 'rejected', 'renamed'] as const;
/** The kind of notice the installed app shows: an admin identified (renamed) the birder's entry. */
export const IDENTIFICATION_NOTICE_KIND = 'renamed';
/** At most this many identification notices (the newest) are returned to the app. */
export const MAX_IDENTIFICATION_NOTICES = 1000;

/**
 * GET /api/v1/notifications/{userId} item, as the installed app reads it: an identification of one
 * of the birder's entries (`BirdName` is the name the admin gave, `photoUrl` the entry's photo).
 */
export const IdentificationNoticeSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  BirdName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type IdentificationNotice = z.infer<typeof IdentificationNoticeSchema>;

/** GET /api/v1/notifications/{userId}: the birder's identification notices, oldest first. */
export const IdentificationNoticesResponseSchema = z.object({
  status: z.literal('success'),
  results: z.number(),
  data: z.array(IdentificationNoticeSchema),
});
export type IdentificationNoticesResponse = z.infer<typeof IdentificationNoticesResponseSchema>;

/** A notice of any kind (approval, rejection, identification, ...), for GET /api/v1/notices. */
export const BirderNoticeSchema = IdentificationNoticeSchema.extend({
  entryId: z.string().nullable(),
  kind: z.string(),
});
export type BirderNotice = z.infer<typeof BirderNoticeSchema>;

export const BirderNoticesQuerySchema = pageQuery(20);
/** GET /api/v1/notices: every notice of the signed-in birder, newest first, a page at a time. */
export const BirderNoticesResponseSchema = z.object({
  status: z.literal('success'),
  results: z.number(),
  data: z.object({
    notifications: z.array(BirderNoticeSchema),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
  }),
});
export type BirderNoticesResponse = z.infer<typeof BirderNoticesResponseSchema>;

/**
 * Errors on the mobile routes carry the classic app's `status` beside the usual `{message, code,
 * details?}`, and `error` with the same text as `message` (the app's profile editor shows `error`).
 */
export const MobileErrorResponseSchema = z.object({
  status: z.enum(['fail', 'error']),
  message: z.string(),
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
