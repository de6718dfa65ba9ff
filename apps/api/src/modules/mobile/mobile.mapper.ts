import type { BirderNotice, IdentificationNotice, MobileUser } from '@jarog/contracts';
import type { UserRow } from '../../db/schema';
import type { NoticeWithEntry } from './notices';

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

/** A notice as the installed app reads it: the entry's current name and photo beside the text. */
export function toIdentificationNotice({
  notice,
  birdName,
  photoUrl,
}: NoticeWithEntry): IdentificationNotice {
  return {
    _id: notice.id,
    userId: notice.userId,
    BirdName: birdName,
    photoUrl,
    message: notice.message,
    createdAt: notice.createdAt.toISOString(),
  };
}

export function toBirderNotice(row: NoticeWithEntry): BirderNotice {
  return { ...toIdentificationNotice(row), entryId: row.notice.entryId, kind: row.notice.kind };
}
