import {
  CHECKLIST_UPLOAD_COLUMNS,
  type ChecklistSheetRow,
  ChecklistSheetRowSchema,
  type ChecklistUploadColumn,
  type ChecklistUploadProgress,
  type ChecklistUploadResponse,
  type UploadRowNote,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CellText } from '../../lib/xlsx';
import { readSheetInThread } from '../../lib/xlsx-worker';
import { pacer } from '../../lib/yield';

import { recordActivity } from '../notifications/notifications.service';
import { type ChecklistFields, DraftGroups, naturalKey, resolvePlace } from './ingest.drafts';
import { describeFieldIssues, observersByEmail } from './ingest.normalise';
import type { PhotoInput } from './ingest.photos';
import { previewWrite } from './ingest.preview';
import { entriesText, tally } from './ingest.service';
import { runStagedWrite } from './ingest.staged';
import type { WriteMode, WrittenSummary } from './ingest.write';

/** Rows one upload may hold: a national survey season in one file (issue 10 asks for 100,000 in 15 s). */
export const MAX_UPLOAD_ROWS = 100_000;
const REQUIRED: ChecklistUploadColumn[] = ['ChecklistName', 'BirdName', 'SelectedDate', 'Birder'];
const key = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const ALIASES: Record<string, ChecklistUploadColumn> = {
  checklist: 'ChecklistName',
  bird: 'BirdName',
  englishname: 'BirdName',
  date: 'SelectedDate',
  time: 'SelectedTime',
  observer: 'Birder',
  lat: 'Latitude',
  lng: 'Longitude',
  lon: 'Longitude',
  long: 'Longitude',
  totalcount: 'Total',
  count: 'Total',
  adults: 'Adult',
  juveniles: 'Juvenile',
  photo: 'Photos',
  remark: 'Remarks',
  district: 'Dzongkhag',
  chiwog: 'Village',
  place: 'EndpointLocation',
  location: 'EndpointLocation',
  birdingsite: 'EndpointLocation',
};
const KNOWN = new Map<string, ChecklistUploadColumn>([
  ...CHECKLIST_UPLOAD_COLUMNS.map((c) => [key(c), c] as const),
  ...Object.entries(ALIASES),
]);

function readHeader(cells: CellText[], warnings: UploadRowNote[]): (ChecklistUploadColumn | undefined)[] {
  const mapped = cells.map((raw) => {
    const name = raw?.trim();
    if (!name) return undefined;
    const column = KNOWN.get(key(name));
    if (!column)
      warnings.push({ row: 1, message: `Column '${name}' is not a checklist field and was not imported` });
    return column;
  });
  const missing = REQUIRED.filter((c) => !mapped.includes(c));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION',
      `The first row must name the columns, including ${REQUIRED.join(', ')} (missing: ${missing.join(', ')})`,
    );
  }
  return mapped;
}

/** Excel keeps dates as days since 1899-12-30 and times as fractions of a day; text cells pass through. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const serial = (text: string | undefined) =>
  text && /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : undefined;
const dayFraction = (n: number) => {
  const seconds = Math.round((n - Math.floor(n)) * 86_400) % 86_400;
  return new Date(seconds * 1000).toISOString().slice(11, 19);
};

/** Date and time cells written by Excel as numbers, turned into the text the row schema reads. */
function excelDateTime(raw: Record<string, string | undefined>): void {
  const date = serial(raw.SelectedDate);
  if (date !== undefined && date >= 10_000) {
    raw.SelectedDate = new Date(EXCEL_EPOCH + Math.floor(date) * 86_400_000).toISOString().slice(0, 10);
    if (!raw.SelectedTime?.trim() && date % 1 !== 0) raw.SelectedTime = dayFraction(date);
  }
  const time = serial(raw.SelectedTime);
  if (time !== undefined && (time < 1 || time >= 10_000)) raw.SelectedTime = dayFraction(time);
}

/** The Photos cell: one web address (a JSON list or comma-separated is read; only the first is kept). */
function readPhotoCell(value: string | null, row: number, warnings: UploadRowNote[]): PhotoInput | null {
  if (!value) return null;
  let items: unknown[];
  try {
    const parsed: unknown = JSON.parse(value);
    items = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    items = value.split(/[\n,]/);
  }
  const urls: string[] = [];
  for (const text of items.map((i) => String(i ?? '').trim()).filter(Boolean)) {
    if (/^https?:\/\/\S+$/i.test(text)) urls.push(text);
    else
      warnings.push({
        row,
        message: `Photo '${text}' is not a web address (http/https) and was not imported`,
      });
  }
  for (const extra of urls.slice(1)) {
    warnings.push({ row, message: `An entry holds one photo: '${extra}' was not imported` });
  }
  return urls[0] ? { kind: 'url', url: urls[0] } : null;
}

interface ParsedRow {
  row: number;
  data: ChecklistSheetRow;
}

/**
 * One copy of each text a file repeats (a checklist's name, date, birder and place on each of its rows, a
 * bird's name on thousands): every row read keeps its own strings otherwise. Measured on 100,000 generated
 * rows: the parsed rows held 59 MB of the API's heap, 33 MB with one copy each, and the garbage collector's
 * young-generation pauses, which copy the rows read since the last one, added up to 25-40 % less.
 */
function internTable() {
  const seen = new Map<string, string>();
  return <T extends string | null>(text: T): T => {
    if (text === null) return text;
    const known = seen.get(text);
    if (known !== undefined) return known as T;
    seen.set(text, text);
    return text;
  };
}

/** The row's repeated texts as one copy each (internTable); remarks and photos are mostly the row's own. */
function shareTexts(d: ChecklistSheetRow, intern: ReturnType<typeof internTable>): void {
  d.checklistName = intern(d.checklistName);
  d.birdName = intern(d.birdName);
  d.selectedDate = intern(d.selectedDate);
  d.selectedTime = intern(d.selectedTime);
  d.birder = intern(d.birder);
  d.dzongkhag = intern(d.dzongkhag);
  d.gewog = intern(d.gewog);
  d.village = intern(d.village);
  d.endpointLocation = intern(d.endpointLocation);
}

/** Progress of an upload as it runs (reported to clients that ask for NDJSON). */
export type UploadProgress = (event: Exclude<ChecklistUploadProgress, { phase: 'done' | 'error' }>) => void;
const PROGRESS_EVERY = 5_000;

async function parseRows(
  bytes: Buffer,
  rejected: UploadRowNote[],
  warnings: UploadRowNote[],
  progress?: UploadProgress,
) {
  let header: (ChecklistUploadColumn | undefined)[] | undefined;
  const rows: ParsedRow[] = [];
  const intern = internTable();
  let count = 0;
  for await (const { row, cells } of readSheetInThread(bytes)) {
    if (!header) {
      header = readHeader(cells, warnings);
      continue;
    }
    // Blank rows count toward the cap too: a sheet of blank rows must not keep an upload busy.
    if (++count > MAX_UPLOAD_ROWS)
      throw new AppError('VALIDATION', `A file may hold at most ${MAX_UPLOAD_ROWS} rows`);
    if (count % PROGRESS_EVERY === 0) progress?.({ phase: 'parsing', rows: count });
    if (cells.every((c) => !c?.trim())) continue;
    const raw: Record<string, string | undefined> = {};
    header.forEach((column, i) => {
      if (column && raw[column] === undefined) raw[column] = cells[i];
    });
    excelDateTime(raw);
    const parsed = ChecklistSheetRowSchema.safeParse(raw);
    if (parsed.success) {
      shareTexts(parsed.data, intern);
      rows.push({ row, data: parsed.data });
    } else rejected.push({ row, message: describeFieldIssues(parsed.error.issues) });
  }
  if (!header) throw new AppError('VALIDATION', 'The spreadsheet is empty');
  if (count % PROGRESS_EVERY !== 0 || count === 0) progress?.({ phase: 'parsing', rows: count });
  return rows;
}

/**
 * The place of each row (resolvePlace), worked out once per distinct dzongkhag, gewog, village and
 * EndpointLocation: a file has few places and many rows, and each answer is only read.
 */
function placesOnce() {
  type Place = ReturnType<typeof resolvePlace>;
  const known = new Map<string | null, Map<string | null, Map<string | null, Map<string | null, Place>>>>();
  const level = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
    let next = map.get(key);
    if (next === undefined) {
      next = make();
      map.set(key, next);
    }
    return next;
  };
  return (d: ChecklistSheetRow): Place => {
    const byVillage = level(
      level(known, d.dzongkhag, () => new Map()),
      d.gewog,
      () => new Map(),
    );
    return level(
      level(byVillage, d.village, () => new Map()),
      d.endpointLocation,
      () =>
        resolvePlace({
          dzongkhag: d.dzongkhag,
          gewog: d.gewog,
          village: d.village,
          placeText: d.endpointLocation,
          placeLabel: 'EndpointLocation',
        }),
    );
  };
}

/**
 * Rows into checklist drafts. Rows with the same checklist name, date and birder form one checklist;
 * a blank time, place or position takes the one its other rows give, and rows with another time form
 * another checklist. Each row is checked on its own and reported by number.
 */
async function toDrafts(
  ctx: AppContext,
  rows: ParsedRow[],
  rejected: UploadRowNote[],
  warnings: UploadRowNote[],
) {
  // The birders' distinct names, gathered in turns: one birder's string is shared by all its rows (shareTexts).
  const birders = new Set<string>();
  const pace = pacer();
  for (const { data } of rows) {
    await pace();
    birders.add(data.birder);
  }
  const accounts = await observersByEmail(ctx.database.db, [...birders]);
  const sessionKey = (d: ChecklistSheetRow) =>
    [d.checklistName.toLowerCase(), d.selectedDate, d.birder.toLowerCase()].join('\u0000');
  const firstTime = new Map<string, string>();
  for (const { data } of rows) {
    await pace();
    if (!data.selectedTime) continue;
    const session = sessionKey(data);
    if (!firstTime.has(session)) firstTime.set(session, data.selectedTime);
  }
  const placeOf = placesOnce();
  const groups = new DraftGroups();
  for (const { row, data } of rows) {
    await pace();
    const place = placeOf(data);
    if (!place.ok) {
      rejected.push({ row, message: place.message });
      continue;
    }
    const isEmail = data.birder.includes('@');
    const account = isEmail ? accounts.get(data.birder.toLowerCase()) : undefined;
    if (isEmail && !account) {
      rejected.push({ row, message: `Birder '${data.birder}' is an email, but no account has it` });
      continue;
    }
    const fields: ChecklistFields & { clientId: null; submitted: boolean } = {
      name: data.checklistName,
      observerId: account?.id ?? null,
      observerName: account?.name ?? data.birder,
      selectedDate: data.selectedDate,
      selectedTime: data.selectedTime ?? firstTime.get(sessionKey(data)) ?? null,
      latitude: data.latitude,
      longitude: data.longitude,
      ...place.value,
      clientId: null,
      submitted: true,
    };
    const problem = groups.add(naturalKey(fields), fields, {
      ref: `Row ${row}`,
      seq: row,
      birdName: data.birdName,
      adult: data.adult,
      juvenile: data.juvenile,
      total: data.total,
      remarks: data.remarks,
      photo: readPhotoCell(data.photos, row, warnings),
    });
    if (problem) rejected.push({ row, message: problem.replace(/^Row \d+: /, '') });
  }
  return groups.drafts;
}

/**
 * POST /api/v1/checklists/fileupload. Every row is checked first; with `partial` false (the default)
 * any rejected row means nothing is written. Uploading the same file again changes nothing: rows
 * find their checklist (observer, name, date, time) and their bird on it, and update it.
 */
export async function uploadChecklists(
  ctx: AppContext,
  actor: UserRow,
  file: { buffer: Buffer; originalname: string },
  partial: boolean,
  dryRun = false,
  progress?: UploadProgress,
): Promise<ChecklistUploadResponse> {
  const rejected: UploadRowNote[] = [];
  const warnings: UploadRowNote[] = [];
  // The parsed rows live only until they are drafts: a 100,000-row file's would otherwise be held
  // through the whole write.
  const { drafts, count } = await parseRows(file.buffer, rejected, warnings, progress).then(async (rows) => ({
    drafts: await toDrafts(ctx, rows, rejected, warnings),
    count: rows.length,
  }));
  progress?.({ phase: 'checking', rows: count });
  rejected.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  if (rejected.length > 0 && !partial) {
    throw new AppError(
      'VALIDATION',
      `${rejected.length} row${rejected.length === 1 ? ' has' : 's have'} problems, so nothing was imported. Fix them, or import only the good rows.`,
      { rejected, warnings },
    );
  }
  if (drafts.length === 0) {
    throw new AppError('VALIDATION', 'The spreadsheet holds no entries to import', { rejected, warnings });
  }
  const mode: WriteMode = {
    source: 'upload',
    actor,
    ...(progress
      ? { onWritten: (done: number, of: number) => progress({ phase: 'writing', done, of }) }
      : {}),
  };
  if (dryRun) {
    const { preview, ...n } = await previewWrite(ctx, drafts, mode);
    return {
      message: `Would upload ${entriesText(n.inserted + n.updated + n.unchanged)} (${n.inserted} added, ${n.updated} updated, ${n.unchanged} unchanged); nothing was saved`,
      checklists: new Set(preview.map((p) => p.name.split(': ')[0])).size,
      ...n,
      rejected,
      warnings,
      data: [],
      dryRun: true,
      preview,
    };
  }
  const request = {
    scope: 'console',
    drafts,
    mode,
    // The counts are the answer's too (runStagedWrite hands back what `after` returns): 100,000 entries counted once.
    after: async (tx: Tx, result: WrittenSummary) => {
      await pacer()();
      const counts = tally(result);
      const { inserted, updated } = counts;
      if (inserted + updated > 0) {
        await recordActivity(
          tx,
          actor,
          `${entriesText(inserted + updated)} in ${result.checklists.length} checklist${result.checklists.length === 1 ? '' : 's'} uploaded from ${file.originalname} (${inserted} added, ${updated} updated) by ${actor.email}`,
        );
      }
      return counts;
    },
  };
  // New checklists are staged and judged before they are stored (ingest.staged.ts): on the embedded
  // database so that other requests are not kept waiting, on PostgreSQL so that each entry is written once.
  const { result, answer: counts } = await runStagedWrite(ctx, request);
  const pace = pacer();
  // In the file's order: each entry goes to its row's place (row numbers are the sheet's, each entry one
  // row), then the places are read in order. A comparison sort of 100,000 rows was one long turn.
  const byRow: ChecklistUploadResponse['data'] = [];
  for (const c of result.checklists) {
    await pace();
    for (const e of c.entries) {
      byRow[e.draft.seq] = {
        row: e.draft.seq,
        action: e.action,
        checklistId: c.row.id,
        entryId: e.entry.id,
        CheckListName: c.row.name,
        BirdName: e.entry.birdName,
      };
    }
  }
  const data: ChecklistUploadResponse['data'] = [];
  for (const item of byRow) {
    await pace();
    if (item) data.push(item);
  }
  return {
    message: `Uploaded ${entriesText(counts.inserted + counts.updated + counts.unchanged)} in ${result.checklists.length} checklist${result.checklists.length === 1 ? '' : 's'} (${counts.inserted} added, ${counts.updated} updated, ${counts.unchanged} unchanged)`,
    checklists: result.checklists.length,
    ...counts,
    rejected,
    warnings,
    data,
  };
}
