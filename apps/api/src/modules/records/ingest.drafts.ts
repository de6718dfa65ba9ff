import type { ApprovalStatus } from '@jarog/contracts';
import { canonicalPlace, type Place } from '../locations/places';
import type { PhotoInput } from './ingest.photos';
import { birdKey } from './species-link';

/** One bird to write, with where it came from ('Row 7', 'Entry 2', 'Bird 1') for messages. */
export interface EntryDraft {
  ref: string;
  /** Position in the request (document index or sheet row), for answers in the order sent. */
  seq: number;
  birdName: string;
  adult: number;
  juvenile: number;
  total: number;
  remarks: string | null;
  photo: PhotoInput | null;
  /** Console documents may carry their review state; otherwise the source decides. */
  approval?: ApprovalStatus | undefined;
}

/** The checklist-level fields every entry of one checklist shares. */
export interface ChecklistFields extends Place {
  name: string;
  observerId: string | null;
  observerName: string;
  selectedDate: string;
  /** 'HH:mm:ss', or null when no time was given. */
  selectedTime: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** One checklist to write: found by client id or natural key, else created. */
export interface ChecklistDraft extends ChecklistFields {
  ref: string;
  clientId: string | null;
  submitted: boolean;
  entries: EntryDraft[];
}

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A place given as one text: 'Paro, Tsento, Drukgyel' (dzongkhag, gewog, village), also the other way
 * round ('Drukgyel, Tsento, Paro') when only the last part is a dzongkhag, or a JSON object/list in
 * the original `EndpointLocation` shape.
 */
export function splitPlaceText(text: string): { dzongkhag?: string; gewog?: string; village?: string } {
  const t = text.trim();
  if (/^[[{]/.test(t)) {
    try {
      const parsed: unknown = JSON.parse(t);
      const obj = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | undefined;
      if (obj && typeof obj === 'object') {
        const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
        return { dzongkhag: s(obj.dzongkhag), gewog: s(obj.gewog), village: s(obj.village) };
      }
    } catch {
      // not JSON after all: read it as text
    }
  }
  const parts = t
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const isDzongkhag = (p: string | undefined) => !!p && canonicalPlace({ dzongkhag: p }).ok;
  if (parts.length >= 2 && !isDzongkhag(parts[0]) && isDzongkhag(parts.at(-1))) parts.reverse();
  const [dzongkhag, gewog, ...rest] = parts;
  return { dzongkhag, gewog, village: rest.length ? rest.join(', ') : undefined };
}

const samePlace = (a: Place, b: Place) =>
  a.dzongkhag === b.dzongkhag && a.gewog === b.gewog && a.village === b.village;

/**
 * The canonical place from separate fields and/or one place text. Unknown dzongkhags and gewogs are
 * refused with the reference list's message; when both forms are given they must agree.
 */
export function resolvePlace(input: {
  dzongkhag: string | null;
  gewog: string | null;
  village: string | null;
  placeText?: string | null;
  placeLabel?: string;
}): Outcome<Place> {
  const fields = input.dzongkhag || input.gewog || input.village ? canonicalPlace(input) : undefined;
  const text = input.placeText ? canonicalPlace(splitPlaceText(input.placeText)) : undefined;
  if (fields && !fields.ok) return { ok: false, message: fields.message };
  if (text && !text.ok) return { ok: false, message: `${input.placeLabel ?? 'Place'}: ${text.message}` };
  if (fields?.ok && text?.ok && !samePlace(fields.place, text.place)) {
    return {
      ok: false,
      message: `${input.placeLabel ?? 'Place'} '${input.placeText}' does not match the dzongkhag, gewog and village given`,
    };
  }
  const place = fields?.ok ? fields.place : text?.ok ? text.place : null;
  return { ok: true, value: place ?? { dzongkhag: null, gewog: null, village: null } };
}

const FIELD_LABELS: [keyof ChecklistFields, string][] = [
  ['name', 'checklist name'],
  ['observerName', 'observer'],
  ['selectedDate', 'date'],
  ['selectedTime', 'time'],
  ['dzongkhag', 'dzongkhag'],
  ['gewog', 'gewog'],
  ['village', 'village'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
];

/**
 * Collects entries into checklists by `key`. Entries of one checklist must agree on its fields (a
 * blank one takes the value the others give) and name each bird once. Returns a message naming both
 * places when they do not.
 */
export class DraftGroups {
  private readonly groups = new Map<string, ChecklistDraft>();
  private readonly birds = new Map<string, Map<string, string>>();

  get drafts(): ChecklistDraft[] {
    return [...this.groups.values()];
  }

  add(
    key: string,
    fields: ChecklistFields & { clientId: string | null; submitted: boolean },
    entry: EntryDraft,
  ): string | undefined {
    const group = this.groups.get(key);
    const birds = this.birds.get(key) ?? new Map<string, string>();
    const earlier = birds.get(birdKey(entry.birdName));
    if (group && earlier) {
      return `${entry.ref}: '${entry.birdName}' is already listed in checklist '${group.name}' (${earlier}); a bird appears once per checklist, with its total count`;
    }
    if (!group) {
      this.groups.set(key, { ...fields, ref: entry.ref, entries: [entry] });
      this.birds.set(key, birds.set(birdKey(entry.birdName), entry.ref));
      return undefined;
    }
    const merged: Partial<ChecklistFields> = {};
    for (const [field, label] of FIELD_LABELS) {
      const mine = fields[field];
      const theirs = group[field];
      if (mine === null || mine === theirs) continue;
      if (theirs === null) {
        Object.assign(merged, { [field]: mine });
        continue;
      }
      return `${entry.ref}: ${label} '${mine}' differs from '${theirs}' given for checklist '${group.name}' in ${group.ref}`;
    }
    Object.assign(group, merged);
    group.submitted ||= fields.submitted;
    group.entries.push(entry);
    birds.set(birdKey(entry.birdName), entry.ref);
    return undefined;
  }
}

/** The natural key of a checklist within one request: observer, name, date and time (none is its own value). */
export const naturalKey = (f: ChecklistFields): string =>
  [
    f.observerId ?? `name:${f.observerName.toLowerCase()}`,
    f.name.toLowerCase(),
    f.selectedDate,
    f.selectedTime ?? '',
  ].join('\u0000');
