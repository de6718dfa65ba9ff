/**
 * Prepares a benchmark database: migrated, the national species list imported (apps/api/test/fixtures/
 * species_add_template.xlsx, a copy of the old system's list) and `entries` synthetic entries.
 * A database already holding that many entries is reused as it is.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { seedSynthetic } from '../scripts/seed-synthetic';
import type { AppContext } from '../src/context';
import { users } from '../src/db/schema';
import { importSpecies } from '../src/modules/species/species.import';

export const NATIONAL_LIST = fileURLToPath(
  new URL('../test/fixtures/species_add_template.xlsx', import.meta.url),
);

const one = async (ctx: AppContext, q: string): Promise<number> => {
  const r = (await ctx.database.db.execute(sql.raw(q))) as unknown as { rows?: { n: unknown }[] };
  return Number((r.rows ?? (r as unknown as { n: unknown }[]))[0]?.n ?? 0);
};

export async function prepareBenchDatabase(
  ctx: AppContext,
  entries: number,
  log: (line: string) => void,
): Promise<{ entries: number; checklists: number; seeded: boolean }> {
  const have = await one(ctx, 'select count(*) as n from entries');
  let seeded = false;
  if (have < entries * 0.95) {
    if ((await one(ctx, 'select count(*) as n from species')) < 700) {
      const [actor] = await ctx.database.db
        .select()
        .from(users)
        .where(sql`${users.userType} = 'root-user'`)
        .limit(1);
      if (!actor) throw new Error('No root user to import the species list as');
      const r = await importSpecies(
        ctx,
        actor,
        { buffer: readFileSync(NATIONAL_LIST), originalname: 'species_add_template.xlsx' },
        true,
      );
      log(`national species list imported: ${JSON.stringify(r).slice(0, 120)}`);
    }
    log(`seeding ${(entries - have).toLocaleString('en')} synthetic entries (takes minutes)…`);
    await seedSynthetic(ctx.database, { entries: entries - have, log });
    seeded = true;
  }
  return {
    entries: await one(ctx, 'select count(*) as n from entries'),
    checklists: await one(ctx, 'select count(*) as n from checklists'),
    seeded,
  };
}
