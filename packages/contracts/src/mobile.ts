import { z } from 'zod';
import { EmailSchema, LoginPasswordSchema, NameSchema, PasswordSchema, pageQuery } from './common';
import { PhotoDataUrlSchema, UserTypeSchema } from './users';

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

/** A calendar date of birth, YYYY-MM-DD, between 1900 and today. */
export const DobSchema = z
  .string({ error: 'Date of birth is required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date of birth must be a date like 1990-04-23', abort: true })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    },
    { error: 'Date of birth is not a real date', abort: true },
  )
  .refine(
    (s) => s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10),
    'Date of birth must be between 1900 and today',
  );

const CountrySchema = z
  .string({ error: 'Country is required' })
  .trim()
  .min(1, 'Country is required')
  .max(100, 'Country must be at most 100 characters');

/** POST /api/v1/users/verification: mails a one-time code to the email. */
export const VerificationBodySchema = z.object({ name: NameSchema, email: EmailSchema });
export type VerificationBody = z.input<typeof VerificationBodySchema>;

/** POST /api/v1/users/OTP. Apps may send the code as a number; it is read as its 6 digits. */
export const OtpBodySchema = z.object({
  email: EmailSchema,
  otp: z
    .union([z.string(), z.number().int().nonnegative()], { error: 'The code is required' })
    .transform((v) => (typeof v === 'number' ? String(v).padStart(OTP_LENGTH, '0') : v.trim()))
    .pipe(z.string().regex(/^\d{6}$/, `The code is the ${OTP_LENGTH} digits we sent by mail`)),
});
export type OtpBody = z.input<typeof OtpBodySchema>;

/** POST /api/v1/users/signup: only after the email's code was verified. The name comes from the verification. */
export const MobileSignupBodySchema = z
  .object({
    email: EmailSchema,
    dob: DobSchema,
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
    photo: PhotoDataUrlSchema.nullable().optional(),
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

/** What happened to one of a birder's records. */
export const BIRDER_NOTICE_KINDS = ['approved', 'rejected', 'renamed'] as const;
export const BirderNoticeSchema = z.object({
  _id: z.string(),
  entryId: z.string().nullable(),
  kind: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type BirderNotice = z.infer<typeof BirderNoticeSchema>;

export const BirderNoticesQuerySchema = pageQuery(20);
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

/** Errors on the mobile routes carry the classic app's `status` beside the usual `{message, code, details?}`. */
export const MobileErrorResponseSchema = z.object({
  status: z.enum(['fail', 'error']),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
