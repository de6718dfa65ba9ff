import type { ReviewLimitsQuery, ReviewQueueQuery } from '@jarog/contracts';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type ChecklistRow,
  checklists,
  entries,
  rejectionTemplates,
  reviewLimits,
  reviewSettings,
  species,
} from '../../db/schema';
import { canonicalDzongkhag } from '../locations/dzongkhags';
import { LIMIT_FACTOR, LIMIT_FLOOR, LIMIT_MIN_RECORDS } from './flags';

type Q = Db | Tx;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = (v: unknown) => JSON.stringify(v);

function queueWhere(q: Pick<ReviewQueueQuery, 'dzongkhag' | 'flag'>): SQL | undefined {
  const flag =
    q.flag === 'any'
      ? sql`cardinality(${entries.flagCodes}) > 0`
      : q.flag === 'none'
        ? sql`cardinality(${entries.flagCodes}) = 0`
        : q.flag
          ? // Flagged entries only, in words the planner matches to entries_flag_codes_idx (migration 0027).
            sql`cardinality(${entries.flagCodes}) > 0 and ${entries.flagCodes} @> array[${q.flag}]::text[]`
          : undefined;
  return and(
    eq(entries.approval, 'pending'),
    eq(checklists.status, 'submitted'),
    q.dzongkhag ? eq(checklists.dzongkhag, canonicalDzongkhag(q.dzongkhag) ?? q.dzongkhag) : undefined,
    flag,
  );
}

export const reviewRepository = {
  /** A page of the queue: flagged before unflagged, then oldest first (entries_queue_idx). */
  async queue(db: Q, q: ReviewQueueQuery) {
    const where = queueWhere(q);
    const [rows, total] = await Promise.all([
      db
        .select({ entry: entries, checklist: checklists })
        .from(entries)
        .innerJoin(checklists, eq(checklists.id, entries.checklistId))
        .where(where)
        .orderBy(sql`(cardinality(${entries.flagCodes}) > 0) desc`, asc(entries.createdAt), asc(entries.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: count() })
        .from(entries)
        .innerJoin(checklists, eq(checklists.id, entries.checklistId))
        .where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },

  /** Per dzongkhag: pending and flagged entries, and the median days to a decision over 90 days. */
  async queueSummary(db: Q) {
    return rowsOf<{ dzongkhag: string; pending: number; flagged: number; median: number | null }>(
      await db.execute(sql`
        with p as (
          select coalesce(c.dzongkhag, '') as dzongkhag, count(*)::int as pending,
                 (count(*) filter (where cardinality(e.flag_codes) > 0))::int as flagged
          from entries e join checklists c on c.id = e.checklist_id
          where e.approval = 'pending' and c.status = 'submitted' group by 1),
        d as (
          select coalesce(c.dzongkhag, '') as dzongkhag,
                 percentile_cont(0.5) within group (order by extract(epoch from e.reviewed_at - e.created_at) / 86400)::float8 as median
          from entries e join checklists c on c.id = e.checklist_id
          where e.reviewed_at > now() - interval '90 days' and e.approval <> 'pending'
            and c.status = 'submitted' and c.source = 'mobile'
          group by 1)
        select coalesce(p.dzongkhag, d.dzongkhag) as dzongkhag, coalesce(p.pending, 0) as pending,
               coalesce(p.flagged, 0) as flagged, d.median
        from p full join d on d.dzongkhag = p.dzongkhag
        order by 2 desc, 1`),
    );
  },

  /** Approves the named pending, unflagged entries of submitted checklists; returns those changed. */
  async approveUnflagged(tx: Tx, ids: string[], reviewerId: string) {
    return tx
      .update(entries)
      .set({
        approval: 'approved',
        reviewedBy: reviewerId,
        reviewedAt: new Date(),
        rejectionReason: null,
        autoApproved: false,
      })
      .where(
        and(
          inArray(entries.id, ids),
          eq(entries.approval, 'pending'),
          sql`cardinality(${entries.flagCodes}) = 0`,
          sql`exists (select 1 from ${checklists} c where c.id = ${entries.checklistId} and c.status = 'submitted')`,
        ),
      )
      .returning({ id: entries.id, birdName: entries.birdName, checklistId: entries.checklistId });
  },

  /** What the named entries are now, to explain those a bulk action left. */
  async entryStates(db: Q, ids: string[]) {
    return db
      .select({
        id: entries.id,
        approval: entries.approval,
        flagCodes: entries.flagCodes,
        status: checklists.status,
      })
      .from(entries)
      .innerJoin(checklists, eq(checklists.id, entries.checklistId))
      .where(inArray(entries.id, ids));
  },

  async checklistOwners(db: Q, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: checklists.id, name: checklists.name, observerId: checklists.observerId })
      .from(checklists)
      .where(inArray(checklists.id, ids));
  },

  async touchChecklists(tx: Tx, ids: string[]) {
    if (ids.length)
      await tx.update(checklists).set({ updatedAt: new Date() }).where(inArray(checklists.id, ids));
  },

  async setOutcome(tx: Tx, ids: string[], reason: string | null) {
    if (ids.length === 0) return;
    await tx
      .update(entries)
      .set({ rejectionReason: reason, autoApproved: false })
      .where(inArray(entries.id, ids));
  },

  async settings(db: Q) {
    const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, true));
    if (row) return row;
    const [created] = await db.insert(reviewSettings).values({ id: true }).onConflictDoNothing().returning();
    return created ?? (await db.select().from(reviewSettings))[0];
  },

  async updateSettings(
    tx: Tx,
    patch: { autoApprove?: boolean; trustedMinApproved?: number },
    actorId: string,
  ) {
    await reviewRepository.settings(tx);
    const [row] = await tx
      .update(reviewSettings)
      .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
      .where(eq(reviewSettings.id, true))
      .returning();
    return row;
  },

  /** Of these observers, those trusted: at least `min` approved entries and none rejected. */
  async trustedObservers(tx: Tx, observerIds: string[], min: number): Promise<Set<string>> {
    if (observerIds.length === 0) return new Set();
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select s.observer_id as id from stats_birder s
        where s.observer_id in (select value::uuid from jsonb_array_elements_text(${json(observerIds)}::jsonb))
          and s.approved >= ${min}
          and not exists (select 1 from checklists c join entries e on e.checklist_id = c.id
                          where c.observer_id = s.observer_id and e.approval = 'rejected')`),
    );
    return new Set(rows.map((r) => r.id));
  },

  /** Approves, as the automatic rule, the pending unflagged entries of these checklists. */
  async autoApprove(tx: Tx, checklistIds: string[]) {
    if (checklistIds.length === 0) return [];
    return tx
      .update(entries)
      .set({
        approval: 'approved',
        autoApproved: true,
        reviewedBy: null,
        reviewedAt: new Date(),
        rejectionReason: null,
      })
      .where(
        and(
          inArray(entries.checklistId, checklistIds),
          eq(entries.approval, 'pending'),
          sql`cardinality(${entries.flagCodes}) = 0`,
        ),
      )
      .returning({ id: entries.id, birdName: entries.birdName, checklistId: entries.checklistId });
  },

  async autoApproved(db: Q, page: number, limit: number) {
    const where = eq(entries.autoApproved, true);
    const [rows, total] = await Promise.all([
      db
        .select({ entry: entries, checklist: checklists })
        .from(entries)
        .innerJoin(checklists, eq(checklists.id, entries.checklistId))
        .where(where)
        .orderBy(sql`${entries.reviewedAt} desc`, asc(entries.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(entries).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },

  async undoAutoApproval(tx: Tx, ids: string[]) {
    return tx
      .update(entries)
      .set({ approval: 'pending', autoApproved: false, reviewedBy: null, reviewedAt: null })
      .where(and(inArray(entries.id, ids), eq(entries.autoApproved, true), eq(entries.approval, 'approved')))
      .returning({ id: entries.id, birdName: entries.birdName, checklistId: entries.checklistId });
  },

  // Limits -----------------------------------------------------------------------------------------

  async limits(db: Q, q: ReviewLimitsQuery) {
    const where = and(
      q.dzongkhag ? eq(reviewLimits.dzongkhag, canonicalDzongkhag(q.dzongkhag) ?? q.dzongkhag) : undefined,
      q.month ? eq(reviewLimits.month, q.month) : undefined,
      q.species
        ? ilike(species.englishName, `%${q.species.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : undefined,
    );
    const [rows, total] = await Promise.all([
      db
        .select({ limit: reviewLimits, birdName: species.englishName })
        .from(reviewLimits)
        .innerJoin(species, eq(species.id, reviewLimits.speciesId))
        .where(where)
        .orderBy(asc(species.englishName), asc(reviewLimits.dzongkhag), asc(reviewLimits.month))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: count() })
        .from(reviewLimits)
        .innerJoin(species, eq(species.id, reviewLimits.speciesId))
        .where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },

  async speciesName(db: Q, id: string): Promise<string | undefined> {
    const [row] = await db.select({ name: species.englishName }).from(species).where(eq(species.id, id));
    return row?.name;
  },

  async putLimit(
    tx: Tx,
    key: { speciesId: string; dzongkhag: string; month: number },
    maxCount: number,
    actorId: string,
  ) {
    const [row] = await tx
      .insert(reviewLimits)
      .values({ ...key, maxCount, source: 'admin', basis: null, updatedBy: actorId })
      .onConflictDoUpdate({
        target: [reviewLimits.speciesId, reviewLimits.dzongkhag, reviewLimits.month],
        set: { maxCount, source: 'admin', basis: null, updatedBy: actorId, updatedAt: new Date() },
      })
      .returning();
    return row;
  },

  async deleteLimit(tx: Tx, key: { speciesId: string; dzongkhag: string; month: number }) {
    return tx
      .delete(reviewLimits)
      .where(
        and(
          eq(reviewLimits.speciesId, key.speciesId),
          eq(reviewLimits.dzongkhag, key.dzongkhag),
          eq(reviewLimits.month, key.month),
        ),
      )
      .returning();
  },

  /**
   * Limits derived from approved history for every species x dzongkhag x month whose window (the
   * month and one either side, any year) holds enough records; cells with a limit are left alone.
   */
  async seedLimits(
    tx: Tx,
    filter: { dzongkhag?: string; speciesId?: string },
    actorId: string,
  ): Promise<number> {
    const rows = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with cells as (
          select s.id as species_id, h.dzongkhag, m.month::smallint as month,
                 sum(h.entries)::int as n, sum(h.birds)::float8 as birds
          from review_history h
          join species s on lower(s.english_name) = lower(h.bird_name)
          cross join generate_series(1, 12) as m(month)
          where h.dzongkhag <> '' and h.month in (m.month, (m.month + 10) % 12 + 1, m.month % 12 + 1)
            ${filter.dzongkhag ? sql`and h.dzongkhag = ${filter.dzongkhag}` : sql``}
            ${filter.speciesId ? sql`and s.id = ${filter.speciesId}::uuid` : sql``}
          group by 1, 2, 3 having sum(h.entries) >= ${LIMIT_MIN_RECORDS}),
        ins as (
          insert into review_limits (species_id, dzongkhag, month, max_count, source, basis, updated_by)
          select species_id, dzongkhag, month, greatest(${LIMIT_FLOOR}, ceil(${LIMIT_FACTOR} * birds / n))::int, 'history',
                 ${LIMIT_FACTOR} || ' × the mean count ' || trim_scale(round((birds / n)::numeric, 1)) || ' of ' || n || ' approved records within a month', ${actorId}::uuid
          from cells
          on conflict (species_id, dzongkhag, month) do nothing
          returning 1)
        select count(*)::int as n from ins`),
    );
    return Number(rows[0]?.n ?? 0);
  },

  // Templates ---------------------------------------------------------------------------------------

  templates: (db: Q) =>
    db
      .select()
      .from(rejectionTemplates)
      .orderBy(asc(rejectionTemplates.position), asc(rejectionTemplates.createdAt)),

  async templateByText(db: Q, text: string, exceptId?: string) {
    const rows = await db
      .select()
      .from(rejectionTemplates)
      .where(sql`lower(${rejectionTemplates.text}) = lower(${text})`);
    return rows.find((r) => r.id !== exceptId);
  },

  async addTemplate(tx: Tx, text: string, position: number | undefined) {
    const next =
      position ??
      Number(
        rowsOf<{ n: number }>(
          await tx.execute(sql`select coalesce(max(position), 0) + 1 as n from rejection_templates`),
        )[0]?.n ?? 1,
      );
    const [row] = await tx.insert(rejectionTemplates).values({ text, position: next }).returning();
    return row;
  },

  async updateTemplate(tx: Tx, id: string, patch: { text: string; position?: number }) {
    const [row] = await tx
      .update(rejectionTemplates)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(rejectionTemplates.id, id))
      .returning();
    return row;
  },

  async deleteTemplate(tx: Tx, id: string) {
    const [row] = await tx.delete(rejectionTemplates).where(eq(rejectionTemplates.id, id)).returning();
    return row;
  },
};

export type QueueRow = { entry: typeof entries.$inferSelect; checklist: ChecklistRow };
