import {
  CITES_APPENDICES,
  canonical,
  IUCN_STATUSES,
  previewText,
  RESIDENCIES,
  SPECIES_TEXT_FIELDS,
  SpeciesInputSchema,
  type SpeciesUploadResponse,
  type UploadPreviewItem,
} from '@jarog/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { NewSpeciesRow, SpeciesRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type CellText, editDistance, readSheet } from '../../lib/xlsx';
import { describeIssues } from '../../middleware/validate';
import { recordActivity } from '../notifications/notifications.service';
import { FIELD_COLUMNS, toColumns } from './species.mapper';
import { speciesRepository as repo } from './species.repository';

const COLUMNS = [...SPECIES_TEXT_FIELDS, 'observations', 'photos'] as const;
type Column = (typeof COLUMNS)[number];
const ALIASES: Record<string, Column> = { family: 'familyName', iucn: 'iucnStatus', cites: 'citesAppendix' };
const FIXED_LISTS: Partial<Record<Column, readonly string[]>> = {
  iucnStatus: IUCN_STATUSES,
  citesAppendix: CITES_APPENDICES,
  residency: RESIDENCIES,
};
export const MAX_IMPORT_ROWS = 20_000;

type Fields = z.output<typeof SpeciesInputSchema>;
interface Accepted {
  row: number;
  fields: Fields;
  photoUrls: string[];
}
interface Note {
  row: number;
  message: string;
}

/** Maps header cells to columns; unknown headers are reported, never silently ignored. */
function readHeader(cells: CellText[], warnings: Note[]): (Column | undefined)[] {
  const known = new Map<string, Column>(COLUMNS.map((c) => [c.toLowerCase(), c]));
  const mapped = cells.map((raw) => {
    const name = raw?.trim();
    if (!name) return undefined;
    const column = known.get(name.toLowerCase()) ?? ALIASES[name.toLowerCase()];
    if (!column)
      warnings.push({ row: 1, message: `Column '${name}' is not a species field and was not imported` });
    return column;
  });
  if (!mapped.includes('englishName')) {
    throw new AppError(
      'VALIDATION',
      `The first row must name the columns, including englishName (found: ${cells.filter(Boolean).join(', ') || 'nothing'})`,
    );
  }
  return mapped;
}

/** Reads a fixed-list value leniently: exact (any case/spacing) silently, a near miss with a warning. */
function readFixed(column: Column, value: string, row: number, warnings: Note[]): string {
  const list = FIXED_LISTS[column];
  if (!list) return value;
  const exact = canonical(list, value);
  if (exact) return exact;
  const v = value.trim().toLowerCase();
  const near = list
    .map((x) => ({ x, d: editDistance(v, x.toLowerCase()) }))
    .filter((c) => c.d <= 2 && c.d < c.x.length / 3)
    .sort((a, b) => a.d - b.d)[0];
  if (near) {
    warnings.push({ row, message: `${column} '${value.trim()}' was read as '${near.x}'` });
    return near.x;
  }
  return value;
}

/** Photo cells hold a JSON list (or one value) of web addresses; anything else is reported. */
function readPhotos(value: string | undefined, row: number, warnings: Note[]): string[] {
  if (!value?.trim()) return [];
  let items: unknown[];
  try {
    const parsed: unknown = JSON.parse(value);
    items = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    items = value.split(/[\n,]/);
  }
  const urls: string[] = [];
  for (const item of items) {
    const text = String(item ?? '').trim();
    if (!text) continue;
    if (/^https?:\/\/\S+$/i.test(text)) urls.push(text);
    else
      warnings.push({
        row,
        message: `Photo '${text}' is not a web address (http/https) and was not imported`,
      });
  }
  return urls;
}

function rowKey(f: Fields): string {
  return f.scientificName ? `s:${f.scientificName.toLowerCase()}` : `e:${f.englishName.toLowerCase()}`;
}

/** Parses and checks every row before anything is written. */
async function parseRows(bytes: Buffer) {
  const rejected: Note[] = [];
  const warnings: Note[] = [];
  const accepted = new Map<string, Accepted>();
  const englishRows = new Map<string, { row: number }>();
  let header: (Column | undefined)[] | undefined;
  let rows = 0;
  for await (const { row, cells } of readSheet(bytes)) {
    if (!header) {
      header = readHeader(cells, warnings);
      continue;
    }
    // Blank rows count toward the cap too: a sheet of blank rows must not keep an import busy.
    if (++rows > MAX_IMPORT_ROWS)
      throw new AppError('VALIDATION', `A file may hold at most ${MAX_IMPORT_ROWS} rows`);
    if (cells.every((c) => !c?.trim())) continue; // an empty row holds nothing to import
    const raw: Record<string, string | undefined> = {};
    header.forEach((column, i) => {
      if (column) raw[column] = cells[i];
    });
    const input: Record<string, unknown> = {};
    for (const column of COLUMNS) {
      const value = raw[column];
      if (column === 'photos' || value === undefined || value.trim() === '') continue;
      input[column] = readFixed(column, value, row, warnings);
    }
    const parsed = SpeciesInputSchema.safeParse({ englishName: '', ...input });
    if (!parsed.success) {
      rejected.push({ row, message: describeIssues(parsed.error.issues) });
      continue;
    }
    const photoUrls = readPhotos(raw.photos, row, warnings);
    const key = rowKey(parsed.data);
    const earlier = accepted.get(key);
    const sameEnglish = englishRows.get(parsed.data.englishName.toLowerCase());
    if (!earlier && sameEnglish) {
      rejected.push({
        row,
        message: `English name '${parsed.data.englishName}' is already used by row ${sameEnglish.row} with another scientific name`,
      });
      continue;
    }
    if (!earlier) englishRows.set(parsed.data.englishName.toLowerCase(), { row });
    if (earlier) {
      warnings.push({
        row,
        message: `Repeats row ${earlier.row} (${parsed.data.englishName}); its values were merged into that species`,
      });
      earlier.fields = { ...earlier.fields, ...stripUndefined(parsed.data) };
      earlier.photoUrls = [...new Set([...earlier.photoUrls, ...photoUrls])];
    } else accepted.set(key, { row, fields: parsed.data, photoUrls });
  }
  if (!header) throw new AppError('VALIDATION', 'The spreadsheet is empty');
  return { rejected, warnings, accepted: [...accepted.values()] };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A dry run's answer, thrown out of the transaction so that it rolls back. */
class DryRun {
  constructor(readonly answer: { inserted: number; updated: number; preview: UploadPreviewItem[] }) {}
}

/** The fields an upload row changes on a stored species, as the preview lists them. */
function fieldChanges(existing: SpeciesRow, columns: Partial<NewSpeciesRow>): UploadPreviewItem['changes'] {
  return Object.entries(FIELD_COLUMNS).flatMap(([field, column]) => {
    if (!(column in columns)) return [];
    const from = previewText(existing[column]);
    const to = previewText(columns[column]);
    return from === to ? [] : [{ field, from, to }];
  });
}

/**
 * Imports species from an .xlsx file. Every row is checked first; with `partial` false (the default)
 * any rejected row means nothing is written. Rows matching an existing species (by scientific name,
 * else English name) update it, so uploading the same file twice creates no duplicates.
 */
export async function importSpecies(
  ctx: AppContext,
  actor: UserRow,
  file: { buffer: Buffer; originalname: string },
  partial: boolean,
  dryRun = false,
): Promise<SpeciesUploadResponse> {
  const { rejected, warnings, accepted } = await parseRows(file.buffer);
  if (rejected.length > 0 && !partial) {
    throw new AppError(
      'VALIDATION',
      `${rejected.length} row${rejected.length === 1 ? ' has' : 's have'} problems, so nothing was imported. Fix them, or import only the good rows.`,
      { rejected, warnings },
    );
  }
  if (accepted.length === 0) {
    throw new AppError('VALIDATION', 'The spreadsheet holds no species to import', { rejected, warnings });
  }
  const result = await ctx.database.db
    .transaction(async (tx) => {
      const existing = await repo.findByNames(tx, {
        english: accepted.map((a) => a.fields.englishName),
        scientific: accepted.flatMap((a) => (a.fields.scientificName ? [a.fields.scientificName] : [])),
      });
      const bySci = new Map(
        existing.filter((e) => e.scientificName).map((e) => [e.scientificName?.toLowerCase(), e]),
      );
      const byEng = new Map(existing.map((e) => [e.englishName.toLowerCase(), e]));
      const photos = await repo.photosOf(
        tx,
        existing.map((e) => e.id),
      );
      // Every row is decided first, then written in a few multi-row statements: the transaction stays
      // short, which on the embedded database is how long every other request waits.
      const preview: UploadPreviewItem[] = [];
      const toInsert: { a: Accepted; row: NewSpeciesRow }[] = [];
      const toUpdate: { a: Accepted; match: SpeciesRow; columns: Partial<NewSpeciesRow> }[] = [];
      for (const a of accepted) {
        const match =
          (a.fields.scientificName ? bySci.get(a.fields.scientificName.toLowerCase()) : undefined) ??
          byEng.get(a.fields.englishName.toLowerCase());
        const columns = toColumns(stripUndefined(a.fields));
        const changes = match ? fieldChanges(match, columns) : [];
        preview.push({
          row: a.row,
          action: match ? (changes.length > 0 || a.photoUrls.length > 0 ? 'update' : 'unchanged') : 'insert',
          name: a.fields.englishName,
          changes,
        });
        if (match) toUpdate.push({ a, match, columns });
        else toInsert.push({ a, row: { ...columns, englishName: a.fields.englishName } });
      }
      const created = await repo.insertMany(
        tx,
        toInsert.map((x) => x.row),
      );
      const changed = new Map(
        (
          await repo.updateMany(
            tx,
            toUpdate.map((x) => ({ id: x.match.id, columns: x.columns })),
          )
        ).map((r) => [r.id, r]),
      );
      const written = [
        ...toInsert.flatMap((x, i) => (created[i] ? [{ a: x.a, row: created[i] }] : [])),
        ...toUpdate.flatMap((x) => {
          const row = changed.get(x.match.id);
          return row ? [{ a: x.a, row }] : [];
        }),
      ].sort((p, q) => p.a.row - q.a.row);
      const newPhotos = written.flatMap(({ a, row }) => {
        const stored = photos.get(row.id) ?? [];
        const known = new Set(stored.map((p) => p.url));
        const start = stored.reduce((max, p) => Math.max(max, p.position), -1) + 1;
        return a.photoUrls
          .filter((u) => !known.has(u))
          .map((url, i) => ({ speciesId: row.id, url, thumbnailUrl: null, position: start + i }));
      });
      await repo.addPhotosMany(tx, newPhotos);
      const inserted = created.length;
      const updated = changed.size;
      const data: SpeciesUploadResponse['data'] = written.map(({ row }) => ({
        _id: row.id,
        englishName: row.englishName,
        scientificName: row.scientificName,
      }));
      await recordActivity(
        tx,
        actor,
        `${data.length} species uploaded from ${file.originalname} (${inserted} added, ${updated} updated) by ${actor.email}`,
      );
      if (dryRun) throw new DryRun({ inserted, updated, preview });
      return { inserted, updated, data };
    })
    .catch((err: unknown) => {
      if (err instanceof DryRun) return { ...err.answer, data: [] };
      // Two rows that resolve to different existing species but share a name end here.
      if ((err as { code?: string }).code === '23505') {
        throw new AppError(
          'CONFLICT',
          'Some rows clash with the names of other species in the catalogue; nothing was imported',
        );
      }
      throw err;
    });
  if ('preview' in result) {
    return {
      message: `Would upload ${result.inserted + result.updated} species (${result.inserted} added, ${result.updated} updated); nothing was saved`,
      ...result,
      rejected,
      warnings,
      dryRun: true,
    };
  }
  return { message: `Uploaded ${result.data.length} species`, ...result, rejected, warnings };
}
