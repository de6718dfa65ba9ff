import { randomBytes } from 'node:crypto';
import type {
  MessageResponse,
  RegisterAdminBody,
  UpdatePasswordBody,
  UpdateUserBodySchema,
  UserRecord,
  UsersListResponse,
  UserType,
} from '@jarog/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { decodeImageDataUrl, toSquareJpeg } from '../../lib/images';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  type Answer,
  claim,
  type IdempotentRequest,
  once,
  remember,
} from '../idempotency/idempotency.service';
import { recordActivity } from '../notifications/notifications.service';
import { toUserRecord } from './users.mapper';
import { usersRepository as repo } from './users.repository';

const GOOGLE_REFUSAL = 'You cannot update your google account';

/** Postgres unique violations on email become a 409 naming the clash. */
function emailConflict(email: string) {
  return new AppError('CONFLICT', `An account with the email ${email} already exists`);
}

async function assertEmailFree(ctx: AppContext, email: string, exceptId?: string): Promise<void> {
  if (await repo.emailTaken(ctx.database.db, email, exceptId)) throw emailConflict(email);
}

/** Loads an account the caller may see: root-users see every account, others only their own (else 404). */
async function visibleUser(ctx: AppContext, actor: UserRow, idOrEmail: string): Promise<UserRow> {
  const db = ctx.database.db;
  const user = isUuid(idOrEmail)
    ? await repo.findById(db, idOrEmail)
    : await repo.findByEmail(db, idOrEmail.trim());
  if (!user || (actor.userType !== 'root-user' && user.id !== actor.id)) throw notFound('User');
  return user;
}

/** Only the account itself may change its profile or password (404 for anyone else's, as if it were not there). */
function assertSelf(actor: UserRow, id: string): void {
  if (actor.id !== id) throw notFound('User');
}

/**
 * Throws unless at least one active root-user remains after `targetId` is demoted, deactivated or deleted.
 * Runs inside the transaction that makes the change, with the root rows locked.
 */
async function assertRootRemains(tx: Tx, targetId: string): Promise<void> {
  const roots = await repo.lockActiveRoots(tx);
  if (roots.includes(targetId) && roots.length <= 1) {
    throw new AppError('BAD_REQUEST', 'This is the last active root user; make another root user first');
  }
}

export async function getUser(ctx: AppContext, actor: UserRow, idOrEmail: string): Promise<UserRecord> {
  return toUserRecord(await visibleUser(ctx, actor, idOrEmail));
}

export async function listAdmins(ctx: AppContext, page: number, limit: number): Promise<UsersListResponse> {
  const { rows, total } = await repo.listAdmins(ctx.database.db, (page - 1) * limit, limit);
  return { limit, page, adminsTotal: total, users: rows.map(toUserRecord) };
}

/** Creates an account; `actor` null means self-service sign-up. */
export async function createAccount(
  ctx: AppContext,
  actor: UserRow | null,
  input: {
    name: string;
    email: string;
    password: string;
    userType: UserType;
    country?: string | undefined;
    dob?: string | null | undefined;
    profession?: string | null | undefined;
  },
  hooks: { before?: (tx: Tx) => Promise<void>; after?: (tx: Tx, created: UserRow) => Promise<void> } = {},
): Promise<UserRow> {
  await assertEmailFree(ctx, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.database.db.transaction(async (tx) => {
      await hooks.before?.(tx);
      const row: NewUserRow = {
        name: input.name,
        email: input.email,
        passwordHash,
        userType: input.userType,
        country: input.country || null,
        dob: input.dob ?? null,
        profession: input.profession ?? null,
      };
      const created = await repo.insert(tx, row);
      const message = actor
        ? `A new ${input.userType} ${created.name} (${created.email}) has been added by ${actor.email}`
        : `A new account ${created.name} (${created.email}) has signed up`;
      await recordActivity(tx, actor, message);
      await hooks.after?.(tx, created);
      return created;
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw emailConflict(input.email);
    throw err;
  }
}

/** A root-user adds an account; with an Idempotency-Key the answer commits with the account. */
export function registerAdmin(
  ctx: AppContext,
  actor: UserRow,
  body: RegisterAdminBody,
  idem?: IdempotentRequest,
): Promise<Answer<MessageResponse>> {
  return once(ctx.database.db, idem, async () => {
    let answer: MessageResponse | undefined;
    const created = await createAccount(ctx, actor, body, {
      before: async (tx) => (idem ? claim(tx, idem) : undefined),
      after: async (tx, row) => {
        answer = { message: `Admin ${row.email} registered successfully` };
        if (idem) await remember(tx, idem, 201, answer);
      },
    });
    return { statusCode: 201, body: answer ?? { message: `Admin ${created.email} registered successfully` } };
  });
}

/** A root-user edits an account: only the fields sent change. */
export async function updateUser(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  body: Omit<z.output<typeof UpdateUserBodySchema>, 'password'> & { password?: string | undefined },
): Promise<UserRecord> {
  const target = await visibleUser(ctx, actor, id);
  if (body.email && body.email !== target.email) await assertEmailFree(ctx, body.email, target.id);
  const patch: Partial<NewUserRow> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.email !== undefined) patch.email = body.email;
  if (body.userType !== undefined) patch.userType = body.userType;
  if (body.isDeactivated !== undefined) patch.isDeactivated = body.isDeactivated;
  if (body.password) patch.passwordHash = await hashPassword(body.password);
  const losesRoot =
    target.userType === 'root-user' &&
    ((patch.userType !== undefined && patch.userType !== 'root-user') || patch.isDeactivated === true);
  const revokes =
    patch.passwordHash !== undefined ||
    patch.isDeactivated === true ||
    (patch.userType !== undefined && patch.userType !== target.userType);

  const updated = await ctx.database.db.transaction(async (tx) => {
    if (losesRoot) await assertRootRemains(tx, target.id);
    const row = await repo.update(tx, target.id, patch);
    if (!row) throw notFound('User');
    if (revokes) await repo.revokeTokens(tx, target.id);
    const changes = Object.keys(patch)
      .map((k) => (k === 'passwordHash' ? 'password' : k))
      .join(', ');
    await recordActivity(
      tx,
      actor,
      `Account ${row.email} updated (${changes || 'no changes'}) by ${actor.email}`,
    );
    return row;
  });
  return toUserRecord(updated);
}

export async function deleteUser(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  const target = await visibleUser(ctx, actor, id);
  await ctx.database.db.transaction(async (tx) => {
    await assertRootRemains(tx, target.id);
    await repo.delete(tx, target.id);
    await recordActivity(tx, actor, `User ${target.name} (${target.email}) deleted by ${actor.email}`);
  });
  if (target.profileUrl) await ctx.storage.deleteByUrl(target.profileUrl);
}

/** An account deactivates itself, or a root-user deactivates another. */
export async function deactivateUser(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  const target = await visibleUser(ctx, actor, id);
  await ctx.database.db.transaction(async (tx) => {
    await assertRootRemains(tx, target.id);
    await repo.update(tx, target.id, { isDeactivated: true });
    await repo.revokeTokens(tx, target.id);
    const who =
      target.id === actor.id
        ? `${actor.email} deactivated their account`
        : `Account ${target.email} deactivated by ${actor.email}`;
    await recordActivity(tx, actor, who);
  });
}

export async function updateProfile(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  body: { name: string; email: string; photo?: string | null | undefined },
): Promise<UserRecord> {
  assertSelf(actor, id);
  if (actor.googleId) throw new AppError('BAD_REQUEST', GOOGLE_REFUSAL);
  if (body.email !== actor.email) await assertEmailFree(ctx, body.email, actor.id);
  const profileUrl = body.photo ? await storeProfilePhoto(ctx, actor.id, body.photo) : undefined;
  const updated = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.update(tx, actor.id, {
      name: body.name,
      email: body.email,
      ...(profileUrl ? { profileUrl } : {}),
    });
    if (!row) throw notFound('User');
    await recordActivity(tx, actor, `${row.email} updated their profile`);
    return row;
  });
  if (profileUrl && actor.profileUrl) await ctx.storage.deleteByUrl(actor.profileUrl);
  return toUserRecord(updated);
}

/** Verifies a photo data URL is a raster image, stores it as a 512 px square JPEG and returns its URL. */
export async function storeProfilePhoto(ctx: AppContext, userId: string, dataUrl: string): Promise<string> {
  const jpeg = await toSquareJpeg(decodeImageDataUrl(dataUrl));
  return ctx.storage.put(`profiles/${userId}/${randomBytes(8).toString('hex')}.jpg`, jpeg, 'image/jpeg');
}

export async function updatePassword(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  body: Pick<UpdatePasswordBody, 'oldPassword' | 'newPassword'>,
): Promise<void> {
  assertSelf(actor, id);
  if (actor.googleId) throw new AppError('BAD_REQUEST', GOOGLE_REFUSAL);
  if (!(await verifyPassword(actor.passwordHash, body.oldPassword))) {
    throw new AppError('BAD_REQUEST', 'Old password is incorrect');
  }
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.database.db.transaction(async (tx) => {
    await repo.update(tx, actor.id, { passwordHash });
    await repo.revokeTokens(tx, actor.id);
    await recordActivity(tx, actor, `${actor.email} changed their password`);
  });
}

/** A random password a person can type: used for the printed first root-user. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
