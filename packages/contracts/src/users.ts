import { z } from 'zod';
import { EmailSchema, NameSchema, PASSWORD_RULE, PasswordSchema, pageQuery } from './common';

export const USER_TYPES = ['user', 'admin-user', 'root-user'] as const;
export const UserTypeSchema = z.enum(USER_TYPES, {
  error: `User type must be one of ${USER_TYPES.join(', ')}`,
});
export type UserType = z.infer<typeof UserTypeSchema>;
export const ADMIN_TYPES = ['admin-user', 'root-user'] as const satisfies readonly UserType[];
export const AdminTypeSchema = z.enum(ADMIN_TYPES, {
  error: `User type must be one of ${ADMIN_TYPES.join(', ')}`,
});

/** The user record as the API sends it: never a password hash. */
export const UserRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: UserTypeSchema,
  isDeactivated: z.boolean(),
  profile: z.string().nullable(),
  country: z.string().nullable(),
  googleAccount: z.boolean(),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

/** The signed-in account, as `/auth/checkLoggedIn` gives it. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  profile: z.string().nullable(),
  userType: UserTypeSchema,
  googleId: z.string().optional(),
  isDeactivated: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const UsersListQuerySchema = pageQuery(5);
export const UsersListResponseSchema = z.object({
  limit: z.number(),
  page: z.number(),
  adminsTotal: z.number(),
  users: z.array(UserRecordSchema),
});
export type UsersListResponse = z.infer<typeof UsersListResponseSchema>;

/** PATCH /users/{id}: a root-user edits an admin. Only the fields sent change. */
export const UpdateUserBodySchema = z
  .object({
    name: NameSchema.optional(),
    email: EmailSchema.optional(),
    userType: UserTypeSchema.optional(),
    isDeactivated: z
      .preprocess(
        (v) => (v === 'true' ? true : v === 'false' ? false : v),
        z.boolean({ error: 'Account status must be true or false' }),
      )
      .optional(),
    password: z
      .union([z.literal(''), PasswordSchema])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .strict();
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

/** Fields of GET /users/{id} a client may echo back in PATCH /users/{id}: read-only, ignored. */
export const USER_READ_ONLY_FIELDS = [
  '_id',
  'id',
  '__v',
  'createdAt',
  'updatedAt',
  'profile',
  'country',
  'googleAccount',
] as const;

/**
 * PATCH /users/{id} as sent: a body echoing back what GET /users/{id} returned is accepted (the
 * read-only fields are ignored); any other unknown field is still refused.
 */
export const UpdateUserRequestSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v).filter(([k]) => !(USER_READ_ONLY_FIELDS as readonly string[]).includes(k)),
        )
      : v,
  UpdateUserBodySchema,
);

/** A profile photo as the console sends it: a JPEG (or other image) data URL, or empty when unchanged. */
export const PhotoDataUrlSchema = z
  .string()
  .max(14_000_000, 'Photo is too large (10 MB at most)')
  .refine((s) => s === '' || /^data:image\/[a-z0-9.+-]+;base64,/i.test(s), {
    message: 'Photo must be an image data URL',
  });

export const UpdateProfileBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  photo: PhotoDataUrlSchema.optional().nullable(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;
export const UpdateProfileResponseSchema = z.object({
  message: z.string(),
  data: UserRecordSchema,
});

export const UpdatePasswordBodySchema = z
  .object({
    oldPassword: z.string({ error: 'Old password is required' }).min(1, 'Old password is required'),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the password' }),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type UpdatePasswordBody = z.input<typeof UpdatePasswordBodySchema>;

export { PASSWORD_RULE };
