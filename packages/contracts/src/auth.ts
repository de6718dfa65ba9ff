import { z } from 'zod';
import { EmailSchema, LoginPasswordSchema, NameSchema, PasswordSchema } from './common';
import { AdminTypeSchema, CurrentUserSchema } from './users';

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: LoginPasswordSchema,
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: CurrentUserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const CheckLoggedInResponseSchema = z.object({
  valid: z.boolean(),
  user: CurrentUserSchema,
});
export type CheckLoggedInResponse = z.infer<typeof CheckLoggedInResponseSchema>;
/** GET /auth/checkLoggedIn refused (bad, expired, revoked or missing token: 401): `valid: false` beside the error. */
export const CheckLoggedInFailureSchema = z.object({
  valid: z.literal(false),
  message: z.string(),
  code: z.string(),
});

/** Self-service sign-up (simpler variant). It creates a plain `user` account. */
export const RegisterBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  country: z.string().trim().max(100, 'Country must be at most 100 characters').optional(),
  password: PasswordSchema,
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const RegisterAdminBodySchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    userType: AdminTypeSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the password' }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterAdminBody = z.input<typeof RegisterAdminBodySchema>;

export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.input<typeof PasswordResetRequestBodySchema>;

export const PasswordResetBodySchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the password' }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordResetBody = z.input<typeof PasswordResetBodySchema>;

/** What the console learns about the server before sign-in (e.g. whether to show the Google button). */
export const AuthConfigResponseSchema = z.object({ googleEnabled: z.boolean() });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>;
