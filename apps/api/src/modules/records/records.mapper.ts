import type {
  ChecklistDetail,
  ChecklistGroup,
  ChecklistStatus,
  Entry,
  ReviewedEntry,
  Reviewer,
} from '@jarog/contracts';
import type { ChecklistRow, EntryRow } from '../../db/schema';
import { toEntryFlags } from '../review/review.mapper';
import { birdKey } from './species-link';

const WIRE_STATUS: Record<ChecklistRow['status'], ChecklistStatus> = {
  draft: 'draftchecklist',
  submitted: 'submittedchecklist',
  // Never read for an answer (see revealedChecklist); not submitted, should one slip through.
  importing: 'draftchecklist',
};

/**
 * 'HH:mm:ss' whatever precision the driver returns; '' when no time was given. The wire keeps text
 * (not null) because the installed app reads `StartbirdingData[0].selectedTime` as a string.
 */
const clock = (t: string | null): string =>
  t === null ? '' : t.length >= 8 ? t.slice(0, 8) : `${t}:00`.slice(0, 8);

/** The columns of an entry that its wire shape reads (the lists select only these). */
export type ShownEntry = Pick<
  EntryRow,
  | 'id'
  | 'checklistId'
  | 'birdName'
  | 'speciesId'
  | 'adult'
  | 'juvenile'
  | 'total'
  | 'remarks'
  | 'photoUrl'
  | 'approval'
  | 'reviewedBy'
  | 'reviewedAt'
  | 'createdAt'
  | 'flags'
  | 'rejectionReason'
  | 'autoApproved'
>;

/**
 * An entry in the documented wire shape: the review fields at the top level, and everything in
 * `StartbirdingData[0]` as the original documents (and the mobile clients) have it.
 */
export function toEntry(entry: ShownEntry, checklist: ChecklistRow): Entry {
  return {
    _id: entry.id,
    checklistId: checklist.id,
    CheckListName: checklist.name,
    userId: checklist.observerId,
    BirdName: entry.birdName,
    speciesId: entry.speciesId,
    Remarks: entry.remarks,
    Totalcount: entry.total,
    Approvedstatus: entry.approval,
    reviewedBy: entry.reviewedBy,
    reviewedAt: entry.reviewedAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
    flags: toEntryFlags(entry.flags),
    rejectionReason: entry.approval === 'rejected' ? entry.rejectionReason : null,
    autoApproved: entry.autoApproved,
    StartbirdingData: [
      {
        selectedDate: checklist.selectedDate,
        selectedTime: clock(checklist.selectedTime),
        observer: checklist.observerName,
        photo: entry.photoUrl,
        status: WIRE_STATUS[checklist.status],
        Approvedstatus: entry.approval,
        Totalcount: entry.total,
        count: entry.total,
        Remarks: entry.remarks,
        JAcount: { Adult: entry.adult, Juvenile: entry.juvenile },
        currentLocation: { latitude: checklist.latitude, longitude: checklist.longitude },
        EndpointLocation: [
          { dzongkhag: checklist.dzongkhag, gewog: checklist.gewog, village: checklist.village },
        ],
      },
    ],
  };
}

/** A checklist with its entries, grouped as the console's lists show them. */
export function toChecklistGroup(checklist: ChecklistRow, rows: ShownEntry[]): ChecklistGroup {
  return {
    _id: {
      checklistName: checklist.name,
      observer: checklist.observerName,
      selectedDate: checklist.selectedDate,
      selectedTime: clock(checklist.selectedTime),
      dzongkhag: checklist.dzongkhag,
      gewog: checklist.gewog,
      village: checklist.village,
    },
    checklistId: checklist.id,
    entries: rows.map((e) => toEntry(e, checklist)),
  };
}

/** An entry with the name and email of whoever last approved or rejected it. */
export function toReviewedEntry(
  entry: EntryRow,
  checklist: ChecklistRow,
  reviewer: Reviewer | null,
): ReviewedEntry {
  return { ...toEntry(entry, checklist), reviewer };
}

/** The details page: the checklist, every entry with its reviewer, and the distinct birds reported. */
export function toChecklistDetail(
  checklist: ChecklistRow,
  rows: { entry: EntryRow; reviewer: Reviewer | null }[],
): ChecklistDetail {
  const summary = new Map<string, ChecklistDetail['speciesSummary'][number]>();
  for (const { entry } of rows) {
    const key = birdKey(entry.birdName);
    const item = summary.get(key) ?? {
      birdName: entry.birdName,
      speciesId: entry.speciesId,
      entries: 0,
      total: 0,
    };
    item.entries += 1;
    item.total += entry.total;
    item.speciesId ??= entry.speciesId;
    summary.set(key, item);
  }
  return {
    ...toChecklistGroup(checklist, []),
    entries: rows.map((r) => toReviewedEntry(r.entry, checklist, r.reviewer)),
    status: WIRE_STATUS[checklist.status],
    currentLocation: { latitude: checklist.latitude, longitude: checklist.longitude },
    createdAt: checklist.createdAt.toISOString(),
    speciesSummary: [...summary.values()].sort((a, b) => a.birdName.localeCompare(b.birdName)),
  };
}
