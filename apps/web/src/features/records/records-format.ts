import type { BulkReviewResponse, Entry } from '@jarog/contracts';

type Details = Entry['StartbirdingData'][number];

const EMPTY_DETAILS: Details = {
  selectedDate: '',
  selectedTime: '',
  observer: '',
  photo: null,
  status: 'submittedchecklist',
  Approvedstatus: 'pending',
  Totalcount: 0,
  count: 0,
  Remarks: null,
  JAcount: { Adult: 0, Juvenile: 0 },
  currentLocation: { latitude: null, longitude: null },
  EndpointLocation: [],
};

/** `StartbirdingData[0]`, where an entry keeps its date, observer, photo, counts and place. */
export function entryDetails(entry: Pick<Entry, 'StartbirdingData'>): Details {
  return entry.StartbirdingData[0] ?? EMPTY_DETAILS;
}

/** `EndpointLocation[0]` of an entry. */
export function entryPlace(entry: Pick<Entry, 'StartbirdingData'>) {
  return entryDetails(entry).EndpointLocation[0] ?? { dzongkhag: null, gewog: null, village: null };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-07' → '7 Mar 2026' (read as a calendar date, not shifted by time zones); other text as it is. */
export function dateText(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return date;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

/** Spec section 2: a missing coordinate (and, as the same wording, a missing time) reads 'Not provided'. */
export const NOT_PROVIDED = 'Not provided';

/** '06:30:00' → '06:30'; no time given (the API's '') → 'Not provided'. */
export function timeText(time: string): string {
  if (!time.trim()) return NOT_PROVIDED;
  return /^\d{2}:\d{2}/.test(time) ? time.slice(0, 5) : time;
}

export function coordinateText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_PROVIDED : String(value);
}

/** "12" or "12 (8 adult, 4 juvenile)" when the split is known. */
export function countText(entry: Pick<Entry, 'Totalcount' | 'StartbirdingData'>): string {
  const { Adult, Juvenile } = entryDetails(entry).JAcount;
  if (Adult + Juvenile === 0) return String(entry.Totalcount);
  const parts = [Adult ? `${Adult} adult` : '', Juvenile ? `${Juvenile} juvenile` : ''].filter(Boolean);
  return `${entry.Totalcount} (${parts.join(', ')})`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a bulk review did, with its counts: "3 entries approved, 1 was already approved". */
export function bulkReviewText({ approvalStatus, updated, unchanged }: BulkReviewResponse): string {
  const head = `${plural(updated, 'entry', 'entries')} ${approvalStatus}`;
  if (unchanged === 0) return head;
  return `${head}, ${unchanged} ${unchanged === 1 ? 'was' : 'were'} already ${approvalStatus}`;
}

/** The words of the bulk confirmation: "Approve 3 entries?" / "Reject 2 checklists?". */
export function bulkConfirmTitle(
  status: 'approved' | 'rejected',
  count: number,
  unit: 'entry' | 'checklist',
) {
  const verb = status === 'approved' ? 'Approve' : 'Reject';
  return `${verb} ${plural(count, unit, unit === 'entry' ? 'entries' : 'checklists')}?`;
}
