import {
  type BirderDetailResponse,
  type BirderListItem,
  type BirdersListResponse,
  type BirdersQuery,
  DELETED_BIRDER_NAME,
  type DeleteBirderResponse,
  type TopBirdersResponse,
} from '@jarog/contracts';
import { and } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../notifications/notifications.service';
import { toEntry } from '../records/records.mapper';
import * as repo from './birders.repository';

const toItem = (r: repo.BirderRow): BirderListItem => ({
  birder: {
    _id: r.id,
    name: r.name,
    email: r.email,
    photo: r.photo,
    dob: r.dob,
    country: r.country,
    profession: r.profession,
  },
  entriesCount: r.entriesCount,
  approvedCount: r.approvedCount,
});

/** Birders (accounts of type user) in all. */
export const countBirders = (ctx: AppContext) => repo.birderCount(ctx.database.db);

export async function listBirders(ctx: AppContext, q: BirdersQuery): Promise<BirdersListResponse> {
  const db = ctx.database.db;
  const where = repo.birderWhere(q);
  const [rows, found, totals] = await Promise.all([
    repo.listBirders(db, where, 'name', (q.page - 1) * q.limit, q.limit),
    repo.countBirders(db, where),
    repo.birderTotals(db),
  ]);
  return {
    limit: q.limit,
    page: q.page,
    foundTotal: found,
    birderTotal: totals.total,
    distinctCountries: totals.countries,
    countries: totals.countries,
    users: rows.map(toItem),
  };
}

/**
 * Birders ranked by approved entries across the whole platform (pending and rejected ones do not
 * count; birders with none approved are left out); the page is a slice of that ranking.
 */
export async function topBirders(ctx: AppContext, q: BirdersQuery): Promise<TopBirdersResponse> {
  const db = ctx.database.db;
  const where = and(repo.birderWhere(q), repo.hasApproved);
  const offset = (q.page - 1) * q.limit;
  const [rows, found, totals] = await Promise.all([
    repo.listBirders(db, where, 'approved', offset, q.limit),
    repo.countBirders(db, where),
    repo.birderTotals(db),
  ]);
  return {
    limit: q.limit,
    page: q.page,
    foundTotal: found,
    birderTotal: totals.total,
    users: rows.map((r, i) => ({ ...toItem(r), rank: offset + i + 1 })),
  };
}

/** Streams every birder matching the filters, batch by batch, for birders.csv. */
export async function* exportBirders(
  ctx: AppContext,
  q: BirdersQuery,
  batch = 1000,
): AsyncGenerator<repo.BirderRow[]> {
  const where = repo.birderWhere(q);
  for (let offset = 0; ; offset += batch) {
    const rows = await repo.listBirders(ctx.database.db, where, 'name', offset, batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
}

export async function getBirder(
  ctx: AppContext,
  id: string,
  page: number,
  limit: number,
): Promise<BirderDetailResponse> {
  const db = ctx.database.db;
  const birder = await repo.findBirder(db, id);
  if (!birder) throw notFound('Birder');
  const rows = await repo.birderEntries(db, id, { offset: (page - 1) * limit, limit });
  return {
    ...toItem(birder),
    email: birder.email,
    totalEntries: birder.totalEntries,
    entries: rows.map((r) => toEntry(r.entry, r.checklist)),
    entriesPage: page,
    entriesLimit: limit,
  };
}

/**
 * Deletes a birder's account. Their checklists stay in the national record, their observer now
 * 'Deleted birder' (the account link is cleared by the database), and the activity log says so.
 */
export async function deleteBirder(
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<DeleteBirderResponse> {
  return ctx.database.db.transaction(async (tx) => {
    const birder = await repo.findBirder(tx, id);
    if (!birder) throw notFound('Birder');
    const kept = await repo.anonymiseRecords(tx, id, DELETED_BIRDER_NAME);
    await repo.deleteUser(tx, id);
    await recordActivity(
      tx,
      actor,
      `Birder ${birder.name} (${birder.email}) deleted by ${actor.email}; ${kept.checklists} checklists with ${kept.entries} entries kept as '${DELETED_BIRDER_NAME}'`,
    );
    return {
      message: `Birder ${birder.name} deleted. Their ${kept.checklists} checklists (${kept.entries} entries) are kept as '${DELETED_BIRDER_NAME}'.`,
      checklistsKept: kept.checklists,
      entriesKept: kept.entries,
    };
  });
}
