import { z } from 'zod';
import { pageQuery } from './common';
import { APPROVAL_STATUSES, CHECKLIST_STATUSES, ChecklistGroupSchema, EntrySchema } from './records';
import { UploadPreviewFieldsSchema } from './upload';

/**
 * How records enter the system: the console's checklist form, the original document shape
 * `{CheckListName, BirdName, StartbirdingData: [...]}` (console and mobile), and the .xlsx upload.
 */

export const MAX_BIRD_COUNT = 1_000_000;
/** Most entries one request (form, document array or mobile upload) may carry. */
export const MAX_ENTRIES_PER_REQUEST = 500;
const MAX_PHOTO_CHARS = 14_000_000;

// ---------------------------------------------------------------------------------------------
// Dates and times as people and old clients write them
// ---------------------------------------------------------------------------------------------

/** Bhutan keeps UTC+6 all year; a timestamp with an offset is read as the date and time in Bhutan. */
const BHUTAN_OFFSET_MINUTES = 6 * 60;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO_STAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return undefined;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > days ? undefined : `${y}-${pad(m)}-${pad(d)}`;
}

/** A timestamp with an offset, moved to Bhutan's clock: [date, time]. */
function inBhutan(stamp: RegExpExecArray): [string | undefined, string] {
  const [, y, mo, d, h, mi, s, zone] = stamp;
  const local = (yy: number, mm: number, dd: number, hh: number, mn: number, ss: number) =>
    [isoDate(yy, mm, dd), `${pad(hh)}:${pad(mn)}:${pad(ss)}`] as [string | undefined, string];
  const parts = [y, mo, d, h, mi, s ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (!zone) return local(...parts);
  if (!isoDate(parts[0], parts[1], parts[2]) || parts[3] > 23 || parts[4] > 59 || parts[5] > 59)
    return [undefined, ''];
  const sign = zone.toUpperCase() === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]) - offset * 60_000;
  const t = new Date(utc + BHUTAN_OFFSET_MINUTES * 60_000);
  return local(
    t.getUTCFullYear(),
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
  );
}

/**
 * A date as typed, as 'YYYY-MM-DD', or undefined when it is not a real date. Reads 'YYYY-MM-DD'
 * (or with '/'), ISO timestamps (moved to Bhutan's clock when they carry an offset), day-first
 * 'D/M/YYYY' (also with '-' or '.'), '5 March 2024' and 'March 5, 2024'.
 */
export function readRecordDate(input: string): string | undefined {
  const text = input.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  const stamp = ISO_STAMP.exec(text);
  if (stamp) return inBhutan(stamp)[0];
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4})$/i.exec(text);
  if (m) return monthNamed(m[3], m[2], m[1]);
  m = /^([a-z]{3,9})\.?[\s-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s-]+(\d{4})$/i.exec(text);
  if (m) return monthNamed(m[3], m[1], m[2]);
  return undefined;
}

function monthNamed(y = '', month = '', d = ''): string | undefined {
  const i = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  return i < 0 ? undefined : isoDate(Number(y), i + 1, Number(d));
}

/** A time of day as typed ('7:30', '07:30:15', '7:30 PM', an ISO timestamp) as 'HH:mm:ss'. */
export function readRecordTime(input: string): string | undefined {
  const text = input.trim();
  const stamp = ISO_STAMP.exec(text);
  if (stamp) return inBhutan(stamp)[1] || undefined;
  const m = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i.exec(text);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const s = Number(m[3] ?? 0);
  const half = m[4]?.toLowerCase().replace(/\./g, '');
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  }
  if (h > 23 || min > 59 || s > 59) return undefined;
  return `${pad(h)}:${pad(min)}:${pad(s)}`;
}

const DAY_MS = 86_400_000;
/** The Bhutan day last computed for the clock, and the instants (ms since 1970) it runs from and until. */
let today: { value: string; from: number; until: number } | undefined;

/**
 * Today in Bhutan, as 'YYYY-MM-DD': records dated later are refused. Without `now` it reads the clock, and the day
 * computed last is kept until the clock leaves it (an upload checks it for each of its 100,000 rows).
 */
export function bhutanToday(now?: Date): string {
  const ms = now ? now.getTime() : Date.now();
  if (!now && today && ms >= today.from && ms < today.until) return today.value;
  const shifted = ms + BHUTAN_OFFSET_MINUTES * 60_000;
  const value = new Date(shifted).toISOString().slice(0, 10);
  if (!now) {
    const from = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - BHUTAN_OFFSET_MINUTES * 60_000;
    today = { value, from, until: from + DAY_MS };
  }
  return value;
}

export const RECORD_DATE_RULE = 'must be a date such as 2024-03-05 (or 5/3/2024, day first)';
export const RECORD_TIME_RULE = 'must be a time such as 07:30 or 7:30 PM';

const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** A record date: required, a real calendar date, not in the future. */
export const recordDateField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: `${label} is required` }).transform((s, ctx) => {
      const date = readRecordDate(s);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: `${label} ${RECORD_DATE_RULE} (got '${s.trim()}')` });
        return z.NEVER;
      }
      if (date > bhutanToday()) {
        ctx.addIssue({ code: 'custom', message: `${label} ${date} is in the future` });
        return z.NEVER;
      }
      return date;
    }),
  );

/**
 * A record time: optional, 'HH:mm:ss' once read, null when not given (a missing time stays missing: it is
 * not midnight).
 */
export const recordTimeField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .transform((s, ctx) => {
        const time = readRecordTime(s);
        if (!time) {
          ctx.addIssue({ code: 'custom', message: `${label} ${RECORD_TIME_RULE} (got '${s.trim()}')` });
          return z.NEVER;
        }
        return time;
      })
      .optional()
      .transform((t): string | null => t ?? null),
  );

// ---------------------------------------------------------------------------------------------
// Field pieces shared by every input shape
// ---------------------------------------------------------------------------------------------

/** Trimmed, runs of spaces collapsed. */
const collapseSpaces = (s: string): string => s.trim().replace(/\s+/g, ' ');

const requiredText = (label: string, max: number, min = 1) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `${label} is required` })
      .transform(collapseSpaces)
      .refine((s) => s.length > 0, `${label} is required`)
      .refine((s) => s.length >= min, `${label} must be at least ${min} characters`)
      .refine((s) => s.length <= max, `${label} must be at most ${max} characters`),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined ? null : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `${label} must be text` })
      .max(max * 2, `${label} must be at most ${max} characters`)
      .transform((s) => s.replace(/\r\n?/g, '\n').trim() || null)
      .refine((s) => s === null || s.length <= max, `${label} must be at most ${max} characters`)
      .nullable(),
  );

/** A place name part: trimmed, spaces collapsed, blank is none (checked against the reference list by the API). */
const placeText = (label: string) =>
  z.preprocess(
    (v) => (v === undefined ? null : v),
    z
      .string({ error: `${label} must be text` })
      .max(200, `${label} must be at most 200 characters`)
      .transform((s) => collapseSpaces(s) || null)
      .nullable(),
  );

const numberish = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' ? Number(b.trim()) : b;
};

export const birdCountField = (label: string) =>
  z.preprocess(
    numberish,
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`)
      .max(MAX_BIRD_COUNT, `${label} must be at most ${MAX_BIRD_COUNT.toLocaleString('en')}`)
      .optional(),
  );

export const coordinateField = (label: 'Latitude' | 'Longitude') => {
  const limit = label === 'Latitude' ? 90 : 180;
  return z.preprocess(
    (v) => numberish(v) ?? null,
    z
      .number({ error: `${label} must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`)
      .nullable(),
  );
};

/** A photo: an image data URL (stored by the API after re-encoding) or a web address kept as given. */
const photoField = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .string({ error: `${label} must be text` })
      .max(MAX_PHOTO_CHARS, `${label} is too large (10 MB at most)`)
      .transform((s) => s.trim())
      .refine(
        (s) => /^data:image\//i.test(s) || /^https?:\/\/\S+$/i.test(s),
        `${label} must be an image data URL (data:image/...;base64,...) or a web address (http/https)`,
      )
      .nullable(),
  );

/**
 * Adults, juveniles and total. A missing total is adults + juveniles; a total below that is refused
 * (a larger total is fine: birds whose age was not told).
 */
export function countsWithTotal(
  c: { adult?: number | undefined; juvenile?: number | undefined; total?: number | undefined },
  ctx: z.RefinementCtx,
  path: (string | number)[],
): { adult: number; juvenile: number; total: number } {
  const adult = c.adult ?? 0;
  const juvenile = c.juvenile ?? 0;
  const total = c.total ?? adult + juvenile;
  if (total < adult + juvenile) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `Total (${total}) must be at least adults + juveniles (${adult + juvenile})`,
    });
  }
  return { adult, juvenile, total };
}

function pairCoordinates(
  latitude: number | null,
  longitude: number | null,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): { latitude: number | null; longitude: number | null } {
  if ((latitude === null) !== (longitude === null)) {
    ctx.addIssue({ code: 'custom', path, message: 'Latitude and longitude must be given together' });
  }
  // The old app sent 0, 0 without a GPS fix: no bird in Bhutan was seen in the Gulf of Guinea.
  if (latitude === 0 && longitude === 0) return { latitude: null, longitude: null };
  return { latitude, longitude };
}

// ---------------------------------------------------------------------------------------------
// (a) The console's checklist form
// ---------------------------------------------------------------------------------------------

export const CHECKLIST_NAME_MAX = 200;
export const BIRD_NAME_MAX = 200;
export const REMARKS_MAX = 2000;

/** One bird on the console form. */
export const FormBirdSchema = z
  .object({
    birdName: requiredText('Bird name', BIRD_NAME_MAX, 2),
    adult: birdCountField('Adults'),
    juvenile: birdCountField('Juveniles'),
    total: birdCountField('Total'),
    remarks: optionalText('Remarks', REMARKS_MAX),
    photo: photoField('Photo'),
  })
  .strict()
  .transform((b, ctx) => ({
    birdName: b.birdName,
    ...countsWithTotal(b, ctx, ['total']),
    remarks: b.remarks,
    photo: b.photo,
  }));

/**
 * POST /api/v1/checklists, the console form: one checklist and its birds. The observer is a birder
 * account chosen (`birderId`) or a name typed (`birder`). The place is `dzongkhag`/`gewog`/`village`,
 * or `endpointLocation` as one text ('Paro, Tsento, Drukgyel'). The spec's single-bird form
 * (`birdName`, `count {adult, juvenile, total}`, `photos: [dataUrl]`) is accepted as a one-bird list.
 */
export const ChecklistFormSchema = z
  .object({
    checklistName: requiredText('Checklist name', CHECKLIST_NAME_MAX),
    selectedDate: recordDateField('Date'),
    selectedTime: recordTimeField('Time'),
    birderId: z.preprocess(blankToUndefined, z.uuid({ error: 'birderId must be a birder id' }).optional()),
    birder: optionalText('Birder', 100),
    currentLocation: z
      .object({ latitude: coordinateField('Latitude'), longitude: coordinateField('Longitude') })
      .strict()
      .nullable()
      .optional(),
    dzongkhag: placeText('Dzongkhag'),
    gewog: placeText('Gewog'),
    village: placeText('Village'),
    endpointLocation: placeText('Place'),
    birds: z
      .array(FormBirdSchema)
      .max(MAX_ENTRIES_PER_REQUEST, `At most ${MAX_ENTRIES_PER_REQUEST} birds in one checklist`)
      .optional(),
    birdName: z.string().optional(),
    count: z.object({ adult: z.unknown(), juvenile: z.unknown(), total: z.unknown() }).partial().optional(),
    remarks: z.unknown().optional(),
    photos: z.array(z.unknown()).max(1, 'photos holds one image').optional(),
  })
  .strict()
  .transform((f, ctx) => {
    let birds = f.birds ?? [];
    if (f.birdName !== undefined) {
      const single = FormBirdSchema.safeParse({
        birdName: f.birdName,
        ...f.count,
        remarks: f.remarks,
        photo: f.photos?.[0],
      });
      if (single.success) birds = [...birds, single.data];
      else
        for (const issue of single.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    } else if (f.count !== undefined || f.photos !== undefined || f.remarks !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['birdName'], message: 'Bird name is required' });
    }
    if (birds.length === 0 && f.birdName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['birds'], message: 'Add at least one bird' });
    }
    if (!f.birderId && !f.birder) {
      ctx.addIssue({
        code: 'custom',
        path: ['birder'],
        message: 'Birder is required (choose one or type a name)',
      });
    }
    return {
      checklistName: f.checklistName,
      selectedDate: f.selectedDate,
      selectedTime: f.selectedTime,
      birderId: f.birderId ?? null,
      birder: f.birder,
      ...pairCoordinates(f.currentLocation?.latitude ?? null, f.currentLocation?.longitude ?? null, ctx, [
        'currentLocation',
      ]),
      dzongkhag: f.dzongkhag,
      gewog: f.gewog,
      village: f.village,
      endpointLocation: f.endpointLocation,
      birds,
    };
  });
export type ChecklistFormInput = z.input<typeof ChecklistFormSchema>;
export type ChecklistForm = z.output<typeof ChecklistFormSchema>;

// ---------------------------------------------------------------------------------------------
// (b) The original document shape (console and mobile)
// ---------------------------------------------------------------------------------------------

/** `StartbirdingData[0]` as the original clients send it; numbers may arrive as text. */
export const StartbirdingInputSchema = z
  .object({
    selectedDate: recordDateField('selectedDate'),
    selectedTime: recordTimeField('selectedTime'),
    observer: optionalText('observer', 100),
    photo: photoField('photo'),
    status: z.preprocess(
      blankToUndefined,
      z
        .enum(CHECKLIST_STATUSES, { error: `status must be one of ${CHECKLIST_STATUSES.join(', ')}` })
        .optional(),
    ),
    Approvedstatus: z.preprocess(
      blankToUndefined,
      z
        .enum(APPROVAL_STATUSES, { error: `Approvedstatus must be one of ${APPROVAL_STATUSES.join(', ')}` })
        .optional(),
    ),
    Totalcount: birdCountField('Totalcount'),
    /** The installed app puts the number of an 'Unknown Birds' entry here instead of Totalcount. */
    count: birdCountField('count'),
    Remarks: optionalText('Remarks', REMARKS_MAX),
    JAcount: z
      .object({ Adult: birdCountField('JAcount.Adult'), Juvenile: birdCountField('JAcount.Juvenile') })
      .nullable()
      .optional(),
    currentLocation: z
      .object({ latitude: coordinateField('Latitude'), longitude: coordinateField('Longitude') })
      .nullable()
      .optional(),
    EndpointLocation: z
      .array(
        z.object({
          dzongkhag: placeText('dzongkhag'),
          gewog: placeText('gewog'),
          village: placeText('village'),
        }),
      )
      .max(1, 'EndpointLocation holds one place')
      .nullable()
      .optional(),
  })
  .strip();

/** A client's own id for a checklist (mobile): a retried upload with it changes the same checklist. */
export const ClientIdSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'clientId must be text' })
    .trim()
    .max(100, 'clientId must be at most 100 characters')
    .regex(/^[\x21-\x7e]+$/, 'clientId must be printable characters without spaces')
    .optional(),
);

/**
 * One entry (one bird) in the original document shape. Unknown fields (`_id`, `__v`, timestamps
 * of old exports) are ignored; `Remarks`/`Totalcount` at the top level are read when
 * `StartbirdingData[0]` lacks them.
 */
export const EntryDocumentSchema = z
  .object({
    clientId: ClientIdSchema,
    CheckListName: requiredText('CheckListName', CHECKLIST_NAME_MAX),
    BirdName: requiredText('BirdName', BIRD_NAME_MAX, 2),
    Remarks: optionalText('Remarks', REMARKS_MAX),
    Totalcount: birdCountField('Totalcount'),
    count: birdCountField('count'),
    // The installed app may put these beside StartbirdingData rather than in it: read, never dropped.
    status: StartbirdingInputSchema.shape.status,
    photo: StartbirdingInputSchema.shape.photo,
    JAcount: StartbirdingInputSchema.shape.JAcount,
    EndpointLocation: StartbirdingInputSchema.shape.EndpointLocation,
    StartbirdingData: z.preprocess(
      (v) => (v && typeof v === 'object' && !Array.isArray(v) ? [v] : v),
      z
        .array(StartbirdingInputSchema, { error: 'StartbirdingData is required' })
        .min(1, 'StartbirdingData is required')
        .max(1, 'StartbirdingData holds one item'),
    ),
  })
  .strip()
  .transform((d, ctx) => {
    const s = d.StartbirdingData[0];
    if (!s) return z.NEVER;
    // 'Unknown Birds' from the installed app: the number seen is in `count`, Totalcount absent or 0.
    const given = s.Totalcount ?? d.Totalcount;
    const seen = s.count ?? d.count;
    const total = given === undefined || (given === 0 && seen) ? (seen ?? given) : given;
    const ja = s.JAcount ?? d.JAcount;
    const counts = countsWithTotal({ adult: ja?.Adult, juvenile: ja?.Juvenile, total }, ctx, [
      'StartbirdingData',
      0,
      'Totalcount',
    ]);
    const place = (s.EndpointLocation ?? d.EndpointLocation)?.[0];
    return {
      clientId: d.clientId,
      checklistName: d.CheckListName,
      birdName: d.BirdName,
      selectedDate: s.selectedDate,
      selectedTime: s.selectedTime,
      observer: s.observer,
      photo: s.photo ?? d.photo,
      status: s.status ?? d.status,
      approval: s.Approvedstatus,
      remarks: s.Remarks ?? d.Remarks,
      ...counts,
      ...pairCoordinates(s.currentLocation?.latitude ?? null, s.currentLocation?.longitude ?? null, ctx, [
        'StartbirdingData',
        0,
        'currentLocation',
      ]),
      dzongkhag: place?.dzongkhag ?? null,
      gewog: place?.gewog ?? null,
      village: place?.village ?? null,
    };
  });
export type EntryDocumentInput = z.input<typeof EntryDocumentSchema>;
export type EntryDocument = z.output<typeof EntryDocumentSchema>;

/** One document or a list of them (console and mobile POST bodies), read as a list. */
export const EntryDocumentsSchema = z.preprocess(
  (v) => (Array.isArray(v) ? v : [v]),
  z
    .array(EntryDocumentSchema)
    .min(1, 'Send at least one entry')
    .max(MAX_ENTRIES_PER_REQUEST, `At most ${MAX_ENTRIES_PER_REQUEST} entries in one request`),
);

// ---------------------------------------------------------------------------------------------
// (c) The .xlsx upload: one row per bird
// ---------------------------------------------------------------------------------------------

/**
 * The columns of an uploaded checklist file (header row; any case, spaces ignored). The place is
 * Dzongkhag/Gewog/Village or one EndpointLocation cell ('Paro, Tsento, Drukgyel'). Remarks is optional.
 */
export const CHECKLIST_UPLOAD_COLUMNS = [
  'ChecklistName',
  'BirdName',
  'SelectedDate',
  'SelectedTime',
  'Birder',
  'Latitude',
  'Longitude',
  'Total',
  'Adult',
  'Juvenile',
  'Photos',
  'Remarks',
  'Dzongkhag',
  'Gewog',
  'Village',
  'EndpointLocation',
] as const;
export type ChecklistUploadColumn = (typeof CHECKLIST_UPLOAD_COLUMNS)[number];

/**
 * One data row, its cells as text (dates and times from date cells already written as
 * 'YYYY-MM-DD' / 'HH:mm:ss'). Blank time, place and coordinates are filled from the checklist's
 * other rows by the API, so they stay null here.
 */
export const ChecklistSheetRowSchema = z
  .object({
    ChecklistName: requiredText('ChecklistName', CHECKLIST_NAME_MAX),
    BirdName: requiredText('BirdName', BIRD_NAME_MAX, 2),
    SelectedDate: recordDateField('SelectedDate'),
    SelectedTime: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform((s, ctx) => {
          const time = readRecordTime(s);
          if (!time) {
            ctx.addIssue({ code: 'custom', message: `SelectedTime ${RECORD_TIME_RULE} (got '${s.trim()}')` });
            return z.NEVER;
          }
          return time;
        })
        .optional(),
    ),
    Birder: requiredText('Birder', 254),
    Latitude: coordinateField('Latitude'),
    Longitude: coordinateField('Longitude'),
    Total: birdCountField('Total'),
    Adult: birdCountField('Adult'),
    Juvenile: birdCountField('Juvenile'),
    Photos: optionalText('Photos', 10_000),
    Remarks: optionalText('Remarks', REMARKS_MAX),
    Dzongkhag: placeText('Dzongkhag'),
    Gewog: placeText('Gewog'),
    Village: placeText('Village'),
    EndpointLocation: placeText('EndpointLocation'),
  })
  .transform((r, ctx) => ({
    checklistName: r.ChecklistName,
    birdName: r.BirdName,
    selectedDate: r.SelectedDate,
    selectedTime: r.SelectedTime ?? null,
    birder: r.Birder,
    ...pairCoordinates(r.Latitude, r.Longitude, ctx, ['Latitude']),
    ...countsWithTotal({ adult: r.Adult, juvenile: r.Juvenile, total: r.Total }, ctx, ['Total']),
    photos: r.Photos,
    remarks: r.Remarks,
    dzongkhag: r.Dzongkhag,
    gewog: r.Gewog,
    village: r.Village,
    endpointLocation: r.EndpointLocation,
  }));
export type ChecklistSheetRow = z.output<typeof ChecklistSheetRowSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** POST /api/v1/checklists (201): the checklists written, each with all its entries. */
export const ChecklistAddResponseSchema = z.object({
  message: z.string(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  data: z.array(ChecklistGroupSchema),
});
export type ChecklistAddResponse = z.infer<typeof ChecklistAddResponseSchema>;

export const UploadRowNoteSchema = z.object({ row: z.number(), message: z.string() });
export type UploadRowNote = z.infer<typeof UploadRowNoteSchema>;

/** What happened to one row of an uploaded file. */
export const ChecklistUploadResultRowSchema = z.object({
  row: z.number(),
  action: z.enum(['added', 'updated', 'unchanged']),
  checklistId: z.string(),
  entryId: z.string(),
  CheckListName: z.string(),
  BirdName: z.string(),
});

/** POST /api/v1/checklists/fileupload: a per-row report, as the species upload gives. */
export const ChecklistUploadResponseSchema = z.object({
  message: z.string(),
  checklists: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.array(UploadRowNoteSchema),
  warnings: z.array(UploadRowNoteSchema),
  data: z.array(ChecklistUploadResultRowSchema),
  ...UploadPreviewFieldsSchema.shape,
});
export type ChecklistUploadResponse = z.infer<typeof ChecklistUploadResponseSchema>;

/**
 * POST /api/v1/checklists/fileupload with `Accept: application/x-ndjson`: the same upload, answered as
 * one JSON object per line while it runs (rows read, rows checked, entries written), then `done` with
 * the usual answer, or `error` with the status and `{message, code, details}` the JSON call would give.
 */
export const ChecklistUploadProgressSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('parsing'), rows: z.number() }),
  z.object({ phase: z.literal('checking'), rows: z.number() }),
  z.object({ phase: z.literal('writing'), done: z.number(), of: z.number() }),
  z.object({ phase: z.literal('done'), result: ChecklistUploadResponseSchema }),
  z.object({
    phase: z.literal('error'),
    status: z.number(),
    error: z.object({ message: z.string(), code: z.string(), details: z.unknown().optional() }),
  }),
]);
export type ChecklistUploadProgress = z.infer<typeof ChecklistUploadProgressSchema>;

// ---------------------------------------------------------------------------------------------
// Mobile: /api/v1/checkList
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/v1/checkList with no query (the installed app's 5-second poll): all of the caller's own
 * entries, newest change first, at most this many, with an ETag so an unchanged list answers 304.
 */
export const MAX_OWN_ENTRIES = 1000;

/** GET /api/v1/checkList: the caller's entries, newest change first; `since` for incremental sync. */
export const MobileChecklistQuerySchema = z.object({
  ...pageQuery(20).shape,
  since: z.preprocess(
    blankToUndefined,
    z.iso
      .datetime({ offset: true, error: 'since must be an ISO timestamp such as 2024-03-05T10:00:00Z' })
      .optional(),
  ),
});
export type MobileChecklistQuery = z.output<typeof MobileChecklistQuerySchema>;

export const MobileChecklistPatchSchema = z.object({
  status: z.enum(CHECKLIST_STATUSES, {
    error: `status must be one of ${CHECKLIST_STATUSES.join(', ')}`,
  }),
});

/** The mobile envelope around entries. `serverTime` is the `since` to send next time. */
export const MobileEntriesResponseSchema = z.object({
  status: z.literal('success'),
  results: z.number(),
  total: z.number(),
  page: z.number(),
  limit: z.number().max(MAX_OWN_ENTRIES),
  serverTime: z.string(),
  data: z.array(EntrySchema),
});
export type MobileEntriesResponse = z.infer<typeof MobileEntriesResponseSchema>;

/** POST /api/v1/checkList (201): `data` mirrors the body, one entry for one document, a list for a list. */
export const MobileUploadResponseSchema = z.object({
  status: z.literal('success'),
  results: z.number(),
  data: z.union([EntrySchema, z.array(EntrySchema)]),
});
export type MobileUploadResponse = z.infer<typeof MobileUploadResponseSchema>;

/** PATCH /api/v1/checkList/{id}: the checklist's entries after the change. */
export const MobileChecklistResponseSchema = z.object({
  status: z.literal('success'),
  results: z.number(),
  data: z.array(EntrySchema),
});
export type MobileChecklistResponse = z.infer<typeof MobileChecklistResponseSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key must not be empty')
  .max(200, 'Idempotency-Key must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable characters without spaces');
