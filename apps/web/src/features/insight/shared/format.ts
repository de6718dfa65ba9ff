import { MONTH_NAMES } from '@jarog/contracts/constants';

/** Spec section 9: chart tooltip labels are cut at 100 characters. */
export const TOOLTIP_MAX = 100;

/** `text` cut to `max` characters, the last one an ellipsis when anything was cut. */
export function truncate(text: string, max: number = TOOLTIP_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}

// One formatter each, made on first use: `n.toLocaleString('en')` and `new Intl.DateTimeFormat(…)` build a new ICU
// formatter on every call (a few ms each on a phone, on every card of the dashboard). Same text.
let enNumber: Intl.NumberFormat | undefined;
let gbLongDate: Intl.DateTimeFormat | undefined;

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * `n` as `n.toLocaleString('en')` writes it: '1,681,494', '12.5'. Whole numbers and hundredths (the counts and
 * percentages the console shows) are written without Intl: a page's first Intl number formatter costs ~11 ms of
 * CPU (ICU's data), ~45 ms on a phone, in the middle of the dashboard's first paint. Anything else goes to Intl.
 */
export function numberText(n: number): string {
  const size = Math.abs(n);
  const hundredths = Math.round(size * 100);
  if (size < 1e13 && Math.abs(size * 100 - hundredths) < 1e-6) {
    const whole = String(Math.floor(hundredths / 100)).replace(THOUSANDS, ',');
    const cents = hundredths % 100;
    const fraction = cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
    return `${n < 0 || Object.is(n, -0) ? '-' : ''}${whole}${fraction}`;
  }
  enNumber ??= new Intl.NumberFormat('en');
  return enNumber.format(n);
}

/** '1 entry', '12 entries' (spec: singular 'entry' when 1). */
export function entriesText(n: number): string {
  return `${numberText(n)} ${n === 1 ? 'entry' : 'entries'}`;
}

/** '1 checklist', '3 checklists'. */
export function checklistsText(n: number): string {
  return `${numberText(n)} ${n === 1 ? 'checklist' : 'checklists'}`;
}

export interface ChangeView {
  /** Up when the change is 0 or more (spec section 2). */
  direction: 'up' | 'down';
  /** The size of the change without its sign: '12.5%'. */
  text: string;
}

/** How a month-over-month percentage is shown: an arrow and its size, the sign carried by the arrow. */
export function changeView(percentage: number): ChangeView {
  const safe = Number.isFinite(percentage) ? percentage : 0;
  const size = Math.round(Math.abs(safe) * 100) / 100;
  return { direction: safe >= 0 ? 'up' : 'down', text: `${numberText(size)}%` };
}

/** Short month names as `Intl.DateTimeFormat('en-GB')` writes them (its September is 'Sept'); long: MONTH_NAMES. */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The calendar date 'YYYY-MM-DD' at the start of `iso` (out-of-range days roll over as Date.UTC rolls them). */
function isoDay(iso: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
}

/**
 * '5 March 1990' / '5 Mar 2025', as `Intl.DateTimeFormat('en-GB', {day, month, year: 'numeric', timeZone: 'UTC'})`
 * writes them, without Intl: a page's first date formatter cost ~20 ms of CPU (ICU's data) inside the dashboard's
 * Latest Sightings render, ~80 ms on a phone (Lighthouse's 4× slowdown), for text this simple.
 */
function dayText(date: Date, months: readonly string[]): string {
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A long date as the birders list shows dates of birth: '5 March 1990'; the raw text when unreadable. */
export function longDate(iso: string | null): string | null {
  if (!iso) return null;
  const day = isoDay(iso);
  if (day) return Number.isNaN(day.getTime()) ? iso : dayText(day, MONTH_NAMES);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  gbLongDate ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return gbLongDate.format(date);
}

/** A record's date 'YYYY-MM-DD' as '5 Mar 2025'. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const day = isoDay(iso);
  return day && !Number.isNaN(day.getTime()) ? dayText(day, SHORT_MONTHS) : iso;
}

/** Village, gewog, dzongkhag: the parts that are present, joined. */
export function placeText(place: {
  village?: string | null;
  gewog?: string | null;
  dzongkhag?: string | null;
}): string {
  return [place.village, place.gewog, place.dzongkhag].filter((p) => p?.trim()).join(', ');
}
