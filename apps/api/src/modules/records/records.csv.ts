import type { Entry } from '@jarog/contracts';

/**
 * checklists.csv, entries.csv and new_species.csv: one row per entry, in list order. The first
 * columns carry the .xlsx upload's names, so an export reads like the sheets birders fill in.
 */
export const RECORDS_CSV_HEADER = [
  'ChecklistName',
  'SelectedDate',
  'SelectedTime',
  'Birder',
  'Dzongkhag',
  'Gewog',
  'Village',
  'Latitude',
  'Longitude',
  'BirdName',
  'Adult',
  'Juvenile',
  'Total',
  'Remarks',
  'Approval',
  'Photos',
  'ReviewedAt',
  'ChecklistId',
  'EntryId',
];

/** The CSV file each list exports to. */
export const RECORDS_CSV_FILE = {
  entries: 'entries.csv',
  checklists: 'checklists.csv',
  newspecies: 'new_species.csv',
} as const;

export function toRecordsCsvRow(e: Entry): unknown[] {
  const d = e.StartbirdingData[0];
  const place = d?.EndpointLocation[0];
  return [
    e.CheckListName,
    d?.selectedDate,
    d?.selectedTime,
    d?.observer,
    place?.dzongkhag,
    place?.gewog,
    place?.village,
    d?.currentLocation.latitude,
    d?.currentLocation.longitude,
    e.BirdName,
    d?.JAcount.Adult,
    d?.JAcount.Juvenile,
    e.Totalcount,
    e.Remarks,
    e.Approvedstatus,
    d?.photo,
    e.reviewedAt,
    e.checklistId,
    e._id,
  ];
}
