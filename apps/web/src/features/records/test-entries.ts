import type { ChecklistGroup, ReviewedEntry } from '@jarog/contracts';

let n = 0;
/** A wire-shape entry for unit tests (a checklist at Phobjikha unless told otherwise). */
export function testEntry(
  overrides: Partial<ReviewedEntry> = {},
  details: Partial<ReviewedEntry['StartbirdingData'][number]> = {},
): ReviewedEntry {
  n += 1;
  const base: ReviewedEntry = {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    checklistId: 'c0000000-0000-4000-8000-000000000001',
    CheckListName: 'Phobjikha morning',
    userId: null,
    BirdName: 'Black-necked Crane',
    speciesId: null,
    Remarks: null,
    Totalcount: 3,
    Approvedstatus: 'pending',
    reviewedBy: null,
    reviewedAt: null,
    reviewer: null,
    createdAt: '2026-03-07T02:00:00.000Z',
    flags: [],
    rejectionReason: null,
    autoApproved: false,
    StartbirdingData: [
      {
        selectedDate: '2026-03-07',
        selectedTime: '06:30:00',
        observer: 'Sonam Wangmo',
        photo: null,
        status: 'submittedchecklist',
        Approvedstatus: 'pending',
        Totalcount: 3,
        count: 3,
        Remarks: null,
        JAcount: { Adult: 0, Juvenile: 0 },
        currentLocation: { latitude: 27.47, longitude: 90.18 },
        EndpointLocation: [{ dzongkhag: 'Wangdue Phodrang', gewog: 'Phangyuel', village: 'Gangtey' }],
        ...details,
      },
    ],
  };
  return { ...base, ...overrides };
}

export function testGroup(checklistId: string, entries: ReviewedEntry[]): ChecklistGroup {
  return {
    _id: {
      checklistName: 'Phobjikha morning',
      observer: 'Sonam Wangmo',
      selectedDate: '2026-03-07',
      selectedTime: '06:30:00',
      dzongkhag: 'Wangdue Phodrang',
      gewog: 'Phangyuel',
      village: 'Gangtey',
    },
    checklistId,
    entries: entries.map((e) => ({ ...e, checklistId })),
  };
}
