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
  hashed ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : await hashed;
  const suffix = randomBytes(4).toString('hex');
  const row = await usersRepository.insert(t.ctx.database.db, {
    name: `Test ${rest.userType ?? 'user'} ${suffix}`,
    email: `${rest.userType ?? 'user'}-${suffix}@test.bt`,
    passwordHash,
    userType: 'user',
    ...rest,
  });
  return {
    ...row,
    token: t.ctx.tokens.sign(row.id, row.tokenVersion),
    password: password ?? DEFAULT_PASSWORD,
  };
}

export const buildAdmin = (t: TestApp, o: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t, { userType: 'admin-user', ...o });
export const buildRoot = (t: TestApp, o: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t, { userType: 'root-user', ...o });

/** The Authorization header for a built user. */
export const bearer = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });

/** The readable text of a raw mail (.eml or SMTP data): quoted-printable soft breaks and escapes undone. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The password-reset link in a mail, split into its id and token; throws when there is none. */
export function resetLinkIn(
  raw: string,
  base = 'http://console.test',
): { url: string; id: string; token: string } {
  const escaped = base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}/password-reset/([0-9a-f-]{36})/([A-Za-z0-9_-]+)`).exec(
    decodeMail(raw),
  );
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in mail:\n${raw}`);
  return { url: match[0], id: match[1], token: match[2] };
}

/** Whether a raw mail is addressed to `email`. */
export const isMailTo = (raw: string, email: string) =>
  new RegExp(`^To: (?:.*<)?${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>?\\s*$`, 'mi').test(raw);

/** A species straight through the API's repository, with sensible defaults. */
export async function buildSpecies(
  t: TestApp,
  overrides: Partial<import('../src/db/schema').NewSpeciesRow> = {},
): Promise<import('../src/db/schema').SpeciesRow> {
  const { speciesRepository } = await import('../src/modules/species/species.repository');
  const suffix = randomBytes(3).toString('hex');
  return speciesRepository.insert(t.ctx.database.db, {
    englishName: `Test Bird ${suffix}`,
    scientificName: `Testus bird${suffix}`,
    ...overrides,
  });
}

/** A real PNG of the given size, as a data URL. */
export async function pngDataUrl(width = 320, height = 200): Promise<string> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
