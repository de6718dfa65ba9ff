import { randomBytes } from 'node:crypto';
import type {
  Species,
  SpeciesListQuery,
  SpeciesListResponse,
  SpeciesPatchSchema,
  SpeciesStats,
} from '@jarog/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import type { SpeciesRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { decodeImageDataUrl, toCatalogueImages } from '../../lib/images';
import {
  type Answer,
  claim,
  type IdempotentRequest,
  once,
  remember,
} from '../idempotency/idempotency.service';
import { recordActivity } from '../notifications/notifications.service';
import { toColumns, toSpecies } from './species.mapper';
import { speciesRepository as repo } from './species.repository';

type SpeciesFields = z.output<typeof SpeciesPatchSchema>;
/** The answer to a create or an edit: `{message, data}`. */
interface SpeciesSaved {
  message: string;
  data: Species;
}

async function withPhotos(
  ctx: AppContext,
  rows: SpeciesRow[],
  q: Db | Tx = ctx.database.db,
): Promise<Species[]> {
  const photos = await repo.photosOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSpecies(r, photos.get(r.id) ?? []));
}

export async function listSpecies(ctx: AppContext, q: SpeciesListQuery): Promise<SpeciesListResponse> {
  const db = ctx.database.db;
  const [page, options] = await Promise.all([
    repo.page(db, q, (q.page - 1) * q.limit, q.limit),
    repo.options(db),
  ]);
  return {
    species: await withPhotos(ctx, page.rows),
    speciesTotal: page.speciesTotal,
    foundTotal: page.foundTotal,
    limit: q.limit,
    page: q.page,
    ...options,
  };
}

/** The whole filtered catalogue, a batch at a time, in list order. */
export async function* exportSpecies(
  ctx: AppContext,
  q: SpeciesListQuery,
  batchSize = 500,
): AsyncGenerator<Species[]> {
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const rows = await repo.batchAfter(ctx.database.db, q, after, batchSize);
    if (rows.length === 0) return;
    yield await withPhotos(ctx, rows);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { name: last.englishName, id: last.id };
  }
}

export async function getSpecies(ctx: AppContext, id: string): Promise<Species> {
  const row = await repo.findById(ctx.database.db, id);
  if (!row) throw notFound('Species');
  const [species] = await withPhotos(ctx, [row]);
  if (!species) throw notFound('Species');
  return species;
}

/** Species details' Stats: the real count of approved records and where they were seen. */
export async function speciesStats(ctx: AppContext, id: string): Promise<SpeciesStats> {
  const row = await repo.findById(ctx.database.db, id);
  if (!row) throw notFound('Species');
  return repo.approvedRecordsOf(ctx.database.db, id);
}

export const countSpecies = (ctx: AppContext) => repo.count(ctx.database.db);

/** 409 naming the clash when another species already has this English or scientific name. */
async function assertNamesFree(ctx: AppContext, fields: SpeciesFields, exceptId?: string): Promise<void> {
  const clashes = (
    await repo.findByNames(ctx.database.db, {
      english: fields.englishName ? [fields.englishName] : [],
      scientific: fields.scientificName ? [fields.scientificName] : [],
    })
  ).filter((r) => r.id !== exceptId);
  const clash = clashes[0];
  if (!clash) return;
  const byEnglish =
    fields.englishName && clash.englishName.toLowerCase() === fields.englishName.toLowerCase();
  throw new AppError(
    'CONFLICT',
    byEnglish
      ? `A species named '${clash.englishName}' already exists`
      : `A species with the scientific name '${clash.scientificName}' already exists (${clash.englishName})`,
  );
}

/** Decodes, verifies and stores each photo (full view and thumbnail); returns what to record. */
async function storePhotos(
  ctx: AppContext,
  dataUrls: string[],
): Promise<{ url: string; thumbnailUrl: string }[]> {
  const decoded = dataUrls.map((d, i) => {
    try {
      return decodeImageDataUrl(d);
    } catch (err) {
      throw dataUrls.length > 1 && err instanceof AppError
        ? new AppError(err.code, `Photo ${i + 1}: ${err.message}`)
        : err;
    }
  });
  const stored: { url: string; thumbnailUrl: string }[] = [];
  try {
    for (const bytes of decoded) {
      const { full, thumbnail } = await toCatalogueImages(bytes);
      const key = `species/${randomBytes(10).toString('hex')}`;
      const url = await ctx.storage.put(`${key}.webp`, full, 'image/webp');
      const thumbnailUrl = await ctx.storage.put(`${key}-thumb.webp`, thumbnail, 'image/webp');
      stored.push({ url, thumbnailUrl });
    }
  } catch (err) {
    await discardPhotos(ctx, stored);
    throw err;
  }
  return stored;
}

async function discardPhotos(
  ctx: AppContext,
  photos: { url: string; thumbnailUrl: string | null }[],
): Promise<void> {
  for (const p of photos) {
    await ctx.storage.deleteByUrl(p.url);
    if (p.thumbnailUrl) await ctx.storage.deleteByUrl(p.thumbnailUrl);
  }
}

function uniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

/**
 * Adds a species. With an Idempotency-Key the answer is stored in the same transaction as the species,
 * so a retry after a lost answer (e.g. the connection dropped during COMMIT) gets that answer back
 * instead of a 409 for its own name.
 */
export async function createSpecies(
  ctx: AppContext,
  actor: UserRow,
  fields: SpeciesFields & { englishName: string },
  idem?: IdempotentRequest,
): Promise<Answer<SpeciesSaved>> {
  return once(ctx.database.db, idem, async () => {
    await assertNamesFree(ctx, fields);
    const photos = await storePhotos(ctx, fields.photos ?? []);
    try {
      const body = await ctx.database.db.transaction(async (tx) => {
        if (idem) await claim(tx, idem);
        const created = await repo.insert(tx, { ...toColumns(fields), englishName: fields.englishName });
        await repo.addPhotos(tx, created.id, photos);
        await recordActivity(
          tx,
          actor,
          `A new Species ${created.englishName} has been added by ${actor.email}`,
        );
        const [data] = await withPhotos(ctx, [created], tx);
        if (!data) throw notFound('Species');
        const answer: SpeciesSaved = { message: `Species ${data.englishName} added successfully`, data };
        if (idem) await remember(tx, idem, 201, answer);
        return answer;
      });
      return { statusCode: 201, body };
    } catch (err) {
      await discardPhotos(ctx, photos);
      if (uniqueViolation(err)) await assertNamesFree(ctx, fields);
      throw err;
    }
  });
}

export async function updateSpecies(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  fields: SpeciesFields,
): Promise<Species> {
  const existing = await repo.findById(ctx.database.db, id);
  if (!existing) throw notFound('Species');
  await assertNamesFree(ctx, fields, id);
  const photos = await storePhotos(ctx, fields.photos ?? []);
  try {
    await ctx.database.db.transaction(async (tx) => {
      const row = await repo.update(tx, id, toColumns(fields));
      if (!row) throw notFound('Species');
      await repo.addPhotos(tx, id, photos);
      await recordActivity(tx, actor, `Species ${row.englishName} updated by ${actor.email}`);
    });
  } catch (err) {
    await discardPhotos(ctx, photos);
    if (uniqueViolation(err)) await assertNamesFree(ctx, fields, id);
    throw err;
  }
  return getSpecies(ctx, id);
}

export async function deleteSpecies(ctx: AppContext, actor: UserRow, id: string): Promise<string> {
  const species = await getSpecies(ctx, id);
  await ctx.database.db.transaction(async (tx) => {
    await repo.delete(tx, id);
    await recordActivity(tx, actor, `A Bird ${species.englishName} deleted by ${actor.email}`);
  });
  await discardPhotos(ctx, species.photos);
  return species.englishName;
}

export async function deleteSpeciesPhoto(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  photoId: string,
): Promise<void> {
  const species = await repo.findById(ctx.database.db, id);
  if (!species) throw notFound('Species');
  const photo = await ctx.database.db.transaction(async (tx) => {
    const deleted = await repo.deletePhoto(tx, id, photoId);
    if (!deleted) throw notFound('Photo');
    await recordActivity(tx, actor, `A photo of ${species.englishName} deleted by ${actor.email}`);
    return deleted;
  });
  await discardPhotos(ctx, [photo]);
}
