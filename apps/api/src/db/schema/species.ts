import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const species = pgTable(
  'species',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    englishName: text('english_name').notNull(),
    scientificName: text('scientific_name'),
    orderName: text('order_name'),
    familyName: text('family_name'),
    genus: text('genus'),
    speciesEpithet: text('species_epithet'),
    authority: text('authority'),
    groupName: text('group_name'),
    dzongkhaName: text('dzongkha_name'),
    lhoName: text('lho_name'),
    sharName: text('shar_name'),
    khengName: text('kheng_name'),
    iucnStatus: text('iucn_status'),
    citesAppendix: text('cites_appendix'),
    bhutanSchedule: text('bhutan_schedule'),
    residency: text('residency'),
    habitat: text('habitat'),
    description: text('description'),
    observations: integer('observations').notNull().default(0),
    /** The old server's ObjectId and import batch (migration 0012). */
    legacyId: text('legacy_id'),
    legacyBatch: integer('legacy_batch'),
    /** Lower-cased, accent-free names for search; kept by a trigger (see the migration). */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('species_english_name_key').on(sql`lower(${t.englishName})`),
    uniqueIndex('species_scientific_name_key').on(sql`lower(${t.scientificName})`),
    index('species_english_name_idx').on(t.englishName, t.id),
    index('species_order_idx').on(t.orderName),
    index('species_family_idx').on(t.familyName),
    index('species_genus_idx').on(t.genus),
    index('species_group_idx').on(t.groupName),
    index('species_iucn_idx').on(t.iucnStatus),
    index('species_residency_idx').on(t.residency),
    index('species_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('species_observations_nonnegative', sql`${t.observations} >= 0`),
  ],
);
export type SpeciesRow = typeof species.$inferSelect;
export type NewSpeciesRow = typeof species.$inferInsert;

export const speciesPhotos = pgTable(
  'species_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    speciesId: uuid('species_id')
      .notNull()
      .references(() => species.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('species_photos_species_idx').on(t.speciesId, t.position)],
);
export type SpeciesPhotoRow = typeof speciesPhotos.$inferSelect;
