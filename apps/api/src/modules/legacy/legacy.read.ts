import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The collections of the old server's mongoexport, one `<name>.json` file each, in import order. */
export const LEGACY_COLLECTIONS = [
  'admins',
  'users',
  'species',
  'checklists',
  'adminnotifications',
  'notifications',
] as const;
export type LegacyCollection = (typeof LEGACY_COLLECTIONS)[number];

export type LegacyDoc = Record<string, unknown>;

/** A line that could not be read as a document: reported as skipped, never dropped silently. */
export interface UnreadableLine {
  line: number;
  reason: string;
}

/**
 * MongoDB Extended JSON (relaxed or canonical) to plain values: `{"$oid": h}` → h, `{"$date": iso}` or
 * `{"$date": {"$numberLong": ms}}` → ISO text, `{"$numberInt"|"$numberLong"|"$numberDouble": s}` → number.
 * mongoexport writes only these wrappers for the old server's schema, so a reviver is all it takes.
 */
function reviveExtendedJson(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1) return value;
  const [k] = keys;
  const v = o[k as string];
  if (k === '$oid' && typeof v === 'string') return v;
  if (k === '$date') {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return new Date(v).toISOString();
    if (v && typeof v === 'object' && typeof (v as { $numberLong?: unknown }).$numberLong === 'string') {
      return new Date(Number((v as { $numberLong: string }).$numberLong)).toISOString();
    }
  }
  if ((k === '$numberInt' || k === '$numberLong' || k === '$numberDouble') && typeof v === 'string') {
    return Number(v);
  }
  return value;
}

/**
 * The documents of one collection file, line by line (the file is streamed, not read whole);
 * a missing file is an empty collection. Blank lines are ignored; a line that is not a JSON object
 * is handed to `onUnreadable`.
 */
export async function* readCollection(
  folder: string,
  name: LegacyCollection,
  onUnreadable: (u: UnreadableLine) => void,
): AsyncGenerator<LegacyDoc> {
  const file = path.join(folder, `${name}.json`);
  if (!existsSync(file)) return;
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const raw of lines) {
    n += 1;
    const line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!line.trim()) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(line, reviveExtendedJson);
    } catch (err) {
      onUnreadable({ line: n, reason: `not JSON (${err instanceof Error ? err.message : String(err)})` });
      continue;
    }
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
      onUnreadable({ line: n, reason: 'not a JSON object' });
      continue;
    }
    yield doc as LegacyDoc;
  }
}

/** The old schema's defaults arrive as the string "null"; that, "", "undefined" and non-text mean no value. */
export function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' || t === 'null' || t === 'undefined' ? null : t;
}

/** A finite number, or null. */
export function num(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The creation time an ObjectId carries in its first 4 bytes (seconds since 1970). */
export function objectIdTime(oid: string): Date | null {
  if (!/^[0-9a-f]{24}$/i.test(oid)) return null;
  return new Date(Number.parseInt(oid.slice(0, 8), 16) * 1000);
}

/** A timestamp from an ISO text, or null. */
export function isoDate(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number) => String(n).padStart(2, '0');
const realDate = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? `${y}-${pad(m)}-${pad(d)}`
    : null;
};

/** A calendar date (YYYY-MM-DD) from `YYYY-MM-DD…` (the app's picker) or `DD/MM/YYYY` (the old profile editor). */
export function calendarDate(v: unknown): string | null {
  const t = text(v);
  if (!t) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (dmy) return realDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  return null;
}

/** A time of day HH:mm:ss from `H:mm[:ss]`, or null. */
export function timeOfDay(v: unknown): string | null {
  const t = text(v);
  const m = t ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(t) : null;
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h < 24 && min < 60 && s < 60 ? `${pad(h)}:${pad(min)}:${pad(s)}` : null;
}
