import type { ChecklistGroup, ChecklistStatus, Entry } from '@jarog/contracts';
import type { ChecklistRow, EntryRow } from '../../db/schema';

const WIRE_STATUS: Record<ChecklistRow['status'], ChecklistStatus> = {
  draft: 'draftchecklist',
  submitted: 'submittedchecklist',
};

/** 'HH:mm:ss' whatever precision the driver returns. */
const clock = (t: string): string => (t.length >= 8 ? t.slice(0, 8) : `${t}:00`.slice(0, 8));

/**
 * An entry in the documented wire shape: the review fields at the top level, and everything in
 * `StartbirdingData[0]` as the original documents (and the mobile clients) have it.
 */
export function toEntry(entry: EntryRow, checklist: ChecklistRow): Entry {
  return {
    _id: entry.id,
    checklistId: checklist.id,
    CheckListName: checklist.name,
    BirdName: entry.birdName,
    speciesId: entry.speciesId,
    Remarks: entry.remarks,
    Totalcount: entry.total,
    Approvedstatus: entry.approval,
    reviewedBy: entry.reviewedBy,
    reviewedAt: entry.reviewedAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
    StartbirdingData: [
      {
        selectedDate: checklist.selectedDate,
        selectedTime: clock(checklist.selectedTime),
        observer: checklist.observerName,
        photo: entry.photoUrl,
        status: WIRE_STATUS[checklist.status],
        Approvedstatus: entry.approval,
        Totalcount: entry.total,
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
export function toChecklistGroup(checklist: ChecklistRow, rows: EntryRow[]): ChecklistGroup {
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
