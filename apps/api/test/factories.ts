import { randomBytes } from 'node:crypto';
import type { UserType } from '@jarog/contracts';
import type { UserRow } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { usersRepository } from '../src/modules/users/users.repository';
import type { TestApp } from './harness';

export const DEFAULT_PASSWORD = 'correct-horse-9';
let hashed: Promise<string> | undefined;

export interface BuiltUser extends UserRow {
  token: string;
  password: string;
}

/** Creates an account straight in the database and a valid token for it. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<Omit<UserRow, 'id'>> & { userType?: UserType; password?: string } = {},
): Promise<BuiltUser> {
  const { password, ...rest } = overrides;
  const passwordHash = password ? await hashPassword(password) : await (hashed ??= hashPassword(DEFAULT_PASSWORD));
  const suffix = randomBytes(4).toString('hex');
  const row = await usersRepository.insert(t.ctx.database.db, {
    name: `Test ${rest.userType ?? 'user'} ${suffix}`,
    email: `${rest.userType ?? 'user'}-${suffix}@test.bt`,
    passwordHash,
    userType: 'user',
    ...rest,
  });
  return { ...row, token: t.ctx.tokens.sign(row.id, row.tokenVersion), password: password ?? DEFAULT_PASSWORD };
}

export const buildAdmin = (t: TestApp, o: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t, { userType: 'admin-user', ...o });
export const buildRoot = (t: TestApp, o: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t, { userType: 'root-user', ...o });

/** The Authorization header for a built user. */
export const bearer = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
