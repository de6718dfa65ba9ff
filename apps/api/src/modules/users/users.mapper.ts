import type { CurrentUser, UserRecord } from '@jarog/contracts';
import type { UserRow } from '../../db/schema';

/** The user record as the API sends it: never the password hash or token version. */
export function toUserRecord(row: UserRow): UserRecord {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    userType: row.userType,
    isDeactivated: row.isDeactivated,
    profile: row.profileUrl,
    country: row.country,
    googleAccount: row.googleId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profileUrl,
    userType: row.userType,
    ...(row.googleId ? { googleId: row.googleId } : {}),
    isDeactivated: row.isDeactivated,
  };
}
