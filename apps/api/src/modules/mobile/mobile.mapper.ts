import type { BirderNotice, MobileUser } from '@jarog/contracts';
import type { BirderNoticeRow, UserRow } from '../../db/schema';

/** The account as the mobile app reads it: never the password hash or token version. */
export function toMobileUser(row: UserRow): MobileUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    photo: row.profileUrl,
    dob: row.dob,
    country: row.country,
    profession: row.profession,
    userType: row.userType,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toBirderNotice(row: BirderNoticeRow): BirderNotice {
  return {
    _id: row.id,
    entryId: row.entryId,
    kind: row.kind,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
