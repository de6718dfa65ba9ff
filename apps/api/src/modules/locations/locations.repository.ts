import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { checklists } from '../../db/schema';

type Executor = Db | Tx;

/** Escapes LIKE wildcards so typed text is matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface VillageFilter {
  dzongkhag: string;
  gewog?: string | null;
  q?: string;
  /** Whose drafts may be suggested back to them; everyone else's count only once submitted. */
  viewerId: string;
  limit: number;
}

export const locationsRepository = {
  /**
   * Village names used on checklists of one dzongkhag (and gewog), grouped ignoring case and shown
   * in their commonest spelling: names starting with `q` first, then names containing it, each by
   * use. Reads through the (dzongkhag, gewog, village) index, so it touches one place's rows only.
   */
  async villages(db: Executor, f: VillageFilter): Promise<{ name: string; count: number }[]> {
    const lowered = sql`lower(${checklists.village})`;
    const term = f.q ? likeEscape(f.q.toLowerCase()) : undefined;
    const conditions: (SQL | undefined)[] = [
      eq(checklists.dzongkhag, f.dzongkhag),
      f.gewog ? eq(checklists.gewog, f.gewog) : undefined,
      isNotNull(checklists.village),
      or(eq(checklists.status, 'submitted'), eq(checklists.observerId, f.viewerId)),
      term ? sql`${lowered} like ('%' || ${term} || '%')` : undefined,
    ];
    const order: SQL[] = [sql`count(*) desc`, sql`min(${checklists.village})`];
    if (term) order.unshift(sql`bool_or(${lowered} like (${term} || '%')) desc`);
    const rows = await db
      .select({
        name: sql<string>`mode() within group (order by ${checklists.village})`,
        count: sql<number>`count(*)::int`,
      })
      .from(checklists)
      .where(and(...conditions.filter((c): c is SQL => c !== undefined)))
      .groupBy(lowered)
      .orderBy(...order)
      .limit(f.limit);
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  },
};
