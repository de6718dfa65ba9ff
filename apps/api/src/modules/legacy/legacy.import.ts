import { createHash, randomUUID } from 'node:crypto';
import { desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  birderNotices,
  checklists,
  entries,
  legacyImportBatches,
  type NewUserRow,
  notifications,
  species,
  speciesPhotos,
  users,
} from '../../db/schema';
import { plmPasswordHash } from '../../lib/passwords';
import { canonicalPlace } from '../locations/places';
import { birdKey, resolveSpecies } from '../records/species-link';
import {
  calendarDate,
  isoDate,
  type LegacyCollection,
  type LegacyDoc,
  num,
  objectIdTime,
  readCollection,
  text,
  timeOfDay,
} from './legacy.read';

export interface SkippedDocument {
  collection: LegacyCollection;
  /** The document's `_id`, or `line N` when the line could not be read at all. */
  id: string;
  reason: string;
}

export interface LegacyImportReport {
  /** The batch this run made; null when it found nothing new (nothing was written). */
  batch: number | null;
  /** Per collection: documents read, and what became of them. */
  counts: Record<LegacyCollection, Record<string, number>>;
  skipped: SkippedDocument[];
  ms: number;
}

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters at ~15 columns. */
const CHUNK = 1000;

const emptyCounts = (): LegacyImportReport['counts'] => ({
  admins: { documents: 0, added: 0, unchanged: 0, skipped: 0 },
  users: { documents: 0, added: 0, unchanged: 0, skipped: 0 },
  species: { documents: 0, added: 0, unchanged: 0, merged: 0, skipped: 0 },
  checklists: {
    documents: 0,
    entriesAdded: 0,
    checklistsAdded: 0,
    unchanged: 0,
    skipped: 0,
    withoutAccount: 0,
    placesKeptAsTyped: 0,
  },
  adminnotifications: { documents: 0, added: 0, unchanged: 0, skipped: 0 },
  notifications: { documents: 0, added: 0, unchanged: 0, skipped: 0 },
});

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const oidOf = (doc: LegacyDoc): string | null => text(doc._id);

/** One run's state: the maps from old ids to Jarog rows that later collections refer through. */
interface Run {
  tx: Tx;
  folder: string;
  batch: number;
  counts: LegacyImportReport['counts'];
  skipped: SkippedDocument[];
  /** Old ObjectId → Jarog user (imported now, earlier, or the Jarog account with that e-mail). */
  accounts: Map<string, { id: string; email: string; name: string }>;
  /** Entry photo URL → entry id, per old user id: old birder notices point at an entry by its photo. */
  photos: Map<string, string>;
  log: (line: string) => void;
}

function skip(run: Run, collection: LegacyCollection, id: string, reason: string): void {
  run.skipped.push({ collection, id, reason });
  run.counts[collection].skipped = (run.counts[collection].skipped ?? 0) + 1;
}

const bump = (run: Run, collection: LegacyCollection, key: string, by = 1) => {
  run.counts[collection][key] = (run.counts[collection][key] ?? 0) + by;
};

async function* documents(
  run: Run,
  collection: LegacyCollection,
): AsyncGenerator<{ doc: LegacyDoc; id: string }> {
  for await (const doc of readCollection(run.folder, collection, (u) => {
    bump(run, collection, 'documents');
    skip(run, collection, `line ${u.line}`, u.reason);
  })) {
    bump(run, collection, 'documents');
    const id = oidOf(doc);
    if (!id) {
      skip(run, collection, JSON.stringify(doc).slice(0, 60), 'the document has no _id');
      continue;
    }
    yield { doc, id };
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** admins (console accounts, PBKDF2) and users (birders, bcrypt): old passwords kept until the next sign-in. */
async function importAccounts(run: Run): Promise<void> {
  const existing = await run.tx
    .select({ id: users.id, email: users.email, name: users.name, legacyId: users.legacyId })
    .from(users);
  const byEmail = new Map<string, { id: string; email: string; name: string }>(
    existing.map((u) => [u.email, u]),
  );
  for (const u of existing) if (u.legacyId) run.accounts.set(u.legacyId, u);

  for (const collection of ['admins', 'users'] as const) {
    const rows: NewUserRow[] = [];
    for await (const { doc, id } of documents(run, collection)) {
      if (run.accounts.has(id)) {
        bump(run, collection, 'unchanged');
        continue;
      }
      const email = text(doc.email)?.toLowerCase();
      if (!email || !EMAIL.test(email)) {
        skip(run, collection, id, `no usable e-mail address (${JSON.stringify(doc.email ?? null)})`);
        continue;
      }
      const taken = byEmail.get(email);
      if (taken) {
        // Records that point at this old id go to the account that already has the address.
        run.accounts.set(id, taken);
        skip(
          run,
          collection,
          id,
          `${email} already has a Jarog account: its old records are linked to that account`,
        );
        continue;
      }
      const isAdmin = collection === 'admins';
      const hash = text(doc.hash);
      const salt = text(doc.salt);
      const bcrypt = text(doc.password);
      const passwordHash = isAdmin
        ? hash && salt
          ? plmPasswordHash(hash, salt)
          : null
        : bcrypt && /^\$2[abxy]\$\d{2}\$/.test(bcrypt)
          ? bcrypt
          : null;
      const userType = isAdmin ? (text(doc.userType) === 'root-user' ? 'root-user' : 'admin-user') : 'user';
      const created = isoDate(doc.createdAt) ?? objectIdTime(id) ?? new Date();
      const row: NewUserRow = {
        id: randomUUID(),
        name: text(doc.name) ?? email.split('@')[0] ?? email,
        email,
        passwordHash,
        userType,
        isDeactivated: isAdmin ? doc.isDeactivated === true : doc.active === false,
        profileUrl: text(isAdmin ? doc.profile : doc.photo),
        googleId: isAdmin ? text(doc.googleId) : null,
        country: isAdmin ? null : text(doc.country),
        dob: isAdmin ? null : calendarDate(doc.dob),
        profession: isAdmin ? null : text(doc.profession),
        createdAt: created,
        updatedAt: isoDate(doc.updatedAt) ?? created,
        legacyId: id,
        legacyBatch: run.batch,
      };
      const account = { id: row.id as string, email, name: row.name };
      byEmail.set(email, account);
      run.accounts.set(id, account);
      rows.push(row);
    }
    await insertChunked(rows, (chunk) => run.tx.insert(users).values(chunk));
    bump(run, collection, 'added', rows.length);
  }
}

const SPECIES_TEXT: [keyof typeof species.$inferInsert, string][] = [
  ['scientificName', 'scientificName'],
  ['orderName', 'order'],
  ['familyName', 'familyName'],
  ['genus', 'genus'],
  ['speciesEpithet', 'species'],
  ['authority', 'authority'],
  ['groupName', 'group'],
  ['dzongkhaName', 'dzongkhaName'],
  ['lhoName', 'lhoName'],
  ['sharName', 'sharName'],
  ['khengName', 'khengName'],
  ['iucnStatus', 'iucnStatus'],
  ['citesAppendix', 'citesAppendix'],
  ['bhutanSchedule', 'bhutanSchedule'],
  ['residency', 'residency'],
  ['habitat', 'habitat'],
  ['description', 'description'],
];

/** species: one per English name (case and spaces ignored); a second document of the same name is merged. */
async function importSpecies(run: Run): Promise<void> {
  const existing = await run.tx
    .select({
      legacyId: species.legacyId,
      englishName: species.englishName,
      scientificName: species.scientificName,
    })
    .from(species);
  const legacyIds = new Set(existing.flatMap((s) => (s.legacyId ? [s.legacyId] : [])));
  const names = new Set(existing.map((s) => birdKey(s.englishName)));
  const scientific = new Set(
    existing.flatMap((s) => (s.scientificName ? [s.scientificName.toLowerCase()] : [])),
  );
  const rows: (typeof species.$inferInsert)[] = [];
  const photos: (typeof speciesPhotos.$inferInsert)[] = [];
  for await (const { doc, id } of documents(run, 'species')) {
    if (legacyIds.has(id)) {
      bump(run, 'species', 'unchanged');
      continue;
    }
    const englishName = text(doc.englishName)?.replace(/\s+/g, ' ');
    if (!englishName) {
      skip(run, 'species', id, 'no englishName: a species needs its English name');
      continue;
    }
    if (names.has(birdKey(englishName))) {
      // The national list has some birds twice; the catalogue has each once.
      bump(run, 'species', 'merged');
      continue;
    }
    const row: typeof species.$inferInsert = {
      id: randomUUID(),
      englishName,
      observations: Math.max(0, Math.trunc(num(doc.observations) ?? 0)),
      createdAt: isoDate(doc.createdAt) ?? objectIdTime(id) ?? new Date(),
      updatedAt: isoDate(doc.updatedAt) ?? isoDate(doc.createdAt) ?? new Date(),
      legacyId: id,
      legacyBatch: run.batch,
    };
    const values = row as Record<string, unknown>;
    for (const [column, field] of SPECIES_TEXT)
      values[column] = text(doc[field])?.replace(/\s+/g, ' ') ?? null;
    const sci = row.scientificName?.toLowerCase();
    if (sci && scientific.has(sci)) {
      skip(run, 'species', id, `scientificName '${row.scientificName}' already belongs to another species`);
      continue;
    }
    if (sci) scientific.add(sci);
    names.add(birdKey(englishName));
    rows.push(row);
    const list = Array.isArray(doc.photos) ? doc.photos : [];
    list.forEach((p, position) => {
      const url = text((p as { url?: unknown } | null)?.url);
      if (url) photos.push({ speciesId: row.id as string, url, position });
    });
  }
  await insertChunked(rows, (chunk) => run.tx.insert(species).values(chunk));
  await insertChunked(photos, (chunk) => run.tx.insert(speciesPhotos).values(chunk));
  bump(run, 'species', 'added', rows.length);
}

/** One old entry document, reduced to what Jarog keeps. */
interface OldEntry {
  id: string;
  key: string;
  name: string;
  userId: string | null;
  observer: string | null;
  date: string;
  /** 'HH:mm:ss', or null when the old document had none. */
  time: string | null;
  latitude: number | null;
  longitude: number | null;
  place: { dzongkhag: string | null; gewog: string | null; village: string | null };
  status: 'draft' | 'submitted';
  birdName: string;
  adult: number;
  juvenile: number;
  total: number;
  remarks: string | null;
  photo: string | null;
  approval: 'pending' | 'approved' | 'rejected';
  createdAt: Date;
}

const count = (v: unknown) => Math.max(0, Math.trunc(num(v) ?? 0));

/** An entry document in Jarog's terms, or the reason it cannot be a record. */
function readEntry(doc: LegacyDoc, id: string): OldEntry | string {
  const birdName = text(doc.BirdName)?.replace(/\s+/g, ' ');
  if (!birdName) return `BirdName is ${JSON.stringify(doc.BirdName ?? null)}: no bird was named`;
  const data = Array.isArray(doc.StartbirdingData) ? doc.StartbirdingData : [];
  const d = data[0] as LegacyDoc | undefined;
  if (!d || typeof d !== 'object')
    return 'StartbirdingData is empty: no date, time, place or count to record';
  const date = calendarDate(d.selectedDate);
  if (!date) return `selectedDate ${JSON.stringify(d.selectedDate ?? null)} is not a date`;
  // The old system's "null" (or no) time stays missing, as a new record's would (migration 0015).
  const time = timeOfDay(d.selectedTime);
  // The checklist key is spelled as before 0015 (a missing time as 00:00:00), so a later run still finds
  // the checklists an earlier batch made.
  const keyTime = time ?? '00:00:00';
  const where = (Array.isArray(d.EndpointLocation) ? d.EndpointLocation[0] : undefined) as
    | LegacyDoc
    | undefined;
  const rawPlace = {
    dzongkhag: text(where?.dzongkhag),
    gewog: text(where?.gewog),
    village: text(where?.village),
  };
  const loc = (d.currentLocation ?? {}) as LegacyDoc;
  let latitude = num(loc.latitude);
  let longitude = num(loc.longitude);
  // 0, 0 is the phone without a fix; out-of-range values are no position either.
  if (
    latitude === null ||
    longitude === null ||
    (latitude === 0 && longitude === 0) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    latitude = null;
    longitude = null;
  }
  const userId = text(doc.userId);
  const status = text(d.status) === 'draftchecklist' ? 'draft' : 'submitted';
  const given = text(doc.CheckListName);
  const name = given ?? (time ? `Checklist of ${date} ${time.slice(0, 5)}` : `Checklist of ${date}`);
  const ja = (d.JAcount ?? {}) as LegacyDoc;
  const approved = text(d.Approvedstatus)?.toLowerCase();
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        given ?? `Checklist of ${date} ${keyTime.slice(0, 5)}`,
        userId,
        date,
        keyTime,
        rawPlace.dzongkhag,
        rawPlace.gewog,
        rawPlace.village,
        status,
      ]),
    )
    .digest('hex');
  return {
    id,
    key,
    name,
    userId,
    observer: text(d.observer),
    date,
    time,
    latitude,
    longitude,
    place: rawPlace,
    status,
    birdName,
    adult: count(ja.Adult),
    juvenile: count(ja.Juvenile),
    total: count(d.Totalcount),
    remarks: text(d.Remarks),
    photo: text(d.photo),
    approval: approved === 'approved' ? 'approved' : approved === 'rejected' ? 'rejected' : 'pending',
    createdAt: objectIdTime(id) ?? new Date(),
  };
}

/**
 * Big tables get few, large statements: the rows travel as one JSON parameter (no 65,535-parameter
 * limit) and json_to_recordset turns them into rows. The statistics triggers run once per statement,
 * so 10,000 rows a statement is over twice as fast as 1,000.
 */
const JSON_CHUNK = 10_000;
const CHECKLIST_COLUMNS = {
  id: 'uuid',
  name: 'text',
  observer_id: 'uuid',
  observer_name: 'text',
  selected_date: 'date',
  selected_time: 'time',
  latitude: 'float8',
  longitude: 'float8',
  dzongkhag: 'text',
  gewog: 'text',
  village: 'text',
  status: 'checklist_status',
  source: 'checklist_source',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  legacy_key: 'text',
  legacy_batch: 'int4',
};
const ENTRY_COLUMNS = {
  id: 'uuid',
  checklist_id: 'uuid',
  bird_name: 'text',
  species_id: 'uuid',
  adult: 'int4',
  juvenile: 'int4',
  total: 'int4',
  remarks: 'text',
  photo_url: 'text',
  approval: 'approval_status',
  created_at: 'timestamptz',
  legacy_id: 'text',
  legacy_batch: 'int4',
};

async function insertJson(
  tx: Tx,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
): Promise<void> {
  const names = Object.keys(columns).join(', ');
  const defs = Object.entries(columns)
    .map(([c, type]) => `${c} ${type}`)
    .join(', ');
  for (let i = 0; i < rows.length; i += JSON_CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + JSON_CHUNK));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${chunk}::json) as x(${sql.raw(defs)})`,
    );
  }
}

/** checklists: one document per entry, grouped into checklists by name + birder + date + time + place. */
async function importChecklists(run: Run): Promise<void> {
  const knownEntries = new Set(
    (await run.tx.select({ id: entries.legacyId }).from(entries).where(isNotNull(entries.legacyId))).map(
      (r) => r.id as string,
    ),
  );
  const knownChecklists = new Map(
    (
      await run.tx
        .select({ id: checklists.id, key: checklists.legacyKey })
        .from(checklists)
        .where(isNotNull(checklists.legacyKey))
    ).map((r) => [r.key as string, r.id]),
  );
  const fresh: OldEntry[] = [];
  const seen = new Set<string>();
  for await (const { doc, id } of documents(run, 'checklists')) {
    if (knownEntries.has(id) || seen.has(id)) {
      bump(run, 'checklists', 'unchanged');
      continue;
    }
    const entry = readEntry(doc, id);
    if (typeof entry === 'string') {
      skip(run, 'checklists', id, entry);
      continue;
    }
    seen.add(id);
    fresh.push(entry);
  }

  const speciesByName = await resolveSpecies(
    run.tx,
    fresh.map((e) => e.birdName),
  );
  const newChecklists: Record<keyof typeof CHECKLIST_COLUMNS, unknown>[] = [];
  const newEntries: Record<keyof typeof ENTRY_COLUMNS, unknown>[] = [];
  const checklistOf = new Map<string, string>();
  for (const e of fresh) {
    let checklistId = checklistOf.get(e.key) ?? knownChecklists.get(e.key);
    if (!checklistId) {
      checklistId = randomUUID();
      const account = e.userId ? run.accounts.get(e.userId) : undefined;
      const canonical = canonicalPlace(e.place);
      let place = e.place;
      if (canonical.ok) place = canonical.place;
      else {
        // Kept as the birder typed it rather than lost; the dzongkhag alone may still be known.
        const dz = canonicalPlace({ dzongkhag: e.place.dzongkhag });
        place = { ...e.place, dzongkhag: dz.ok ? dz.place.dzongkhag : e.place.dzongkhag };
        bump(run, 'checklists', 'placesKeptAsTyped');
      }
      newChecklists.push({
        id: checklistId,
        name: e.name,
        observer_id: account?.id ?? null,
        observer_name: e.observer ?? account?.name ?? 'Unknown birder',
        selected_date: e.date,
        selected_time: e.time,
        latitude: e.latitude,
        longitude: e.longitude,
        dzongkhag: place.dzongkhag,
        gewog: place.gewog,
        village: place.village,
        status: e.status,
        source: 'mobile',
        created_at: e.createdAt,
        updated_at: e.createdAt,
        legacy_key: e.key,
        legacy_batch: run.batch,
      });
    }
    checklistOf.set(e.key, checklistId);
    if (!(e.userId && run.accounts.has(e.userId))) bump(run, 'checklists', 'withoutAccount');
    const entryId = randomUUID();
    if (e.photo && e.userId) run.photos.set(`${e.userId} ${e.photo}`, entryId);
    newEntries.push({
      id: entryId,
      checklist_id: checklistId,
      bird_name: e.birdName,
      species_id: speciesByName.get(birdKey(e.birdName))?.id ?? null,
      adult: e.adult,
      juvenile: e.juvenile,
      total: e.total,
      remarks: e.remarks,
      photo_url: e.photo,
      approval: e.approval,
      created_at: e.createdAt,
      legacy_id: e.id,
      legacy_batch: run.batch,
    });
  }
  const t0 = performance.now();
  await insertJson(run.tx, 'checklists', CHECKLIST_COLUMNS, newChecklists);
  const t1 = performance.now();
  await insertJson(run.tx, 'entries', ENTRY_COLUMNS, newEntries);
  run.log(
    `    checklists inserted in ${((t1 - t0) / 1000).toFixed(1)} s, entries in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  bump(run, 'checklists', 'checklistsAdded', newChecklists.length);
  bump(run, 'checklists', 'entriesAdded', newEntries.length);
}

/** adminnotifications: the activity log, with its original times and the admin who acted when known. */
async function importActivityLog(run: Run): Promise<void> {
  const known = new Set(
    (
      await run.tx
        .select({ id: notifications.legacyId })
        .from(notifications)
        .where(isNotNull(notifications.legacyId))
    ).map((r) => r.id as string),
  );
  const rows: (typeof notifications.$inferInsert)[] = [];
  for await (const { doc, id } of documents(run, 'adminnotifications')) {
    if (known.has(id)) {
      bump(run, 'adminnotifications', 'unchanged');
      continue;
    }
    const message = text(doc.message);
    if (!message) {
      skip(run, 'adminnotifications', id, 'no message');
      continue;
    }
    known.add(id);
    const actor = text(doc.addedBy) ? run.accounts.get(text(doc.addedBy) as string) : undefined;
    rows.push({
      message,
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      createdAt: isoDate(doc.createdAt) ?? objectIdTime(id) ?? new Date(),
      legacyId: id,
      legacyBatch: run.batch,
    });
  }
  await insertChunked(rows, (chunk) => run.tx.insert(notifications).values(chunk));
  bump(run, 'adminnotifications', 'added', rows.length);
}

/** notifications: an 'Unknown Birds' entry identified by an admin, told to its birder. */
async function importBirderNotices(run: Run): Promise<void> {
  const known = new Set(
    (
      await run.tx
        .select({ id: birderNotices.legacyId })
        .from(birderNotices)
        .where(isNotNull(birderNotices.legacyId))
    ).map((r) => r.id as string),
  );
  const photoEntries = await run.tx
    .select({ legacyUser: users.legacyId, photo: entries.photoUrl, id: entries.id })
    .from(entries)
    .innerJoin(checklists, eq(checklists.id, entries.checklistId))
    .innerJoin(users, eq(users.id, checklists.observerId))
    .where(
      sql`${entries.legacyId} is not null and ${entries.photoUrl} is not null and ${users.legacyId} is not null`,
    );
  for (const p of photoEntries) run.photos.set(`${p.legacyUser} ${p.photo}`, p.id);
  const rows: (typeof birderNotices.$inferInsert)[] = [];
  for await (const { doc, id } of documents(run, 'notifications')) {
    if (known.has(id)) {
      bump(run, 'notifications', 'unchanged');
      continue;
    }
    const oldUser = text(doc.userId);
    const account = oldUser ? run.accounts.get(oldUser) : undefined;
    if (!account) {
      skip(run, 'notifications', id, `userId ${JSON.stringify(doc.userId ?? null)} matches no birder`);
      continue;
    }
    const bird = text(doc.BirdName);
    const photo = text(doc.photoUrl);
    known.add(id);
    rows.push({
      userId: account.id,
      entryId: photo ? (run.photos.get(`${oldUser} ${photo}`) ?? null) : null,
      kind: 'renamed',
      message: bird
        ? `Your 'Unknown Birds' entry was identified as ${bird}.`
        : "Your 'Unknown Birds' entry was identified.",
      createdAt: objectIdTime(id) ?? new Date(),
      legacyId: id,
      legacyBatch: run.batch,
    });
  }
  await insertChunked(rows, (chunk) => run.tx.insert(birderNotices).values(chunk));
  bump(run, 'notifications', 'added', rows.length);
}

const ADDED_KEYS = ['added', 'entriesAdded'];

/**
 * Imports a mongoexport folder in one transaction (a crash or an error leaves nothing behind), as one
 * batch that `rollbackLegacyBatch` undoes. Documents already imported (by their old ids) are left as
 * they are, so a second run adds nothing and touches nothing made in Jarog since.
 */
export async function importLegacy(
  database: Database,
  folder: string,
  log: (line: string) => void = () => {},
): Promise<LegacyImportReport> {
  const started = performance.now();
  const report = await database.db.transaction(async (tx) => {
    const [batch] = await tx.insert(legacyImportBatches).values({ folder }).returning();
    if (!batch) throw new Error('could not open an import batch');
    const run: Run = {
      tx,
      folder,
      batch: batch.id,
      counts: emptyCounts(),
      skipped: [],
      accounts: new Map(),
      photos: new Map(),
      log,
    };
    const steps: [string, (r: Run) => Promise<void>][] = [
      ['accounts', importAccounts],
      ['species', importSpecies],
      ['checklists', importChecklists],
      ['activity log', importActivityLog],
      ['birder notices', importBirderNotices],
    ];
    for (const [name, step] of steps) {
      const t0 = performance.now();
      await step(run);
      log(`  ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const added = Object.values(run.counts).some((c) => ADDED_KEYS.some((k) => (c[k] ?? 0) > 0));
    if (added) {
      await tx
        .update(legacyImportBatches)
        .set({ counts: run.counts, skipped: run.skipped })
        .where(eq(legacyImportBatches.id, batch.id));
    } else {
      await tx.delete(legacyImportBatches).where(eq(legacyImportBatches.id, batch.id));
    }
    return { batch: added ? batch.id : null, counts: run.counts, skipped: run.skipped };
  });
  return { ...report, ms: performance.now() - started };
}

/** The import batches, newest first. */
export async function listLegacyBatches(database: Database) {
  return database.db.select().from(legacyImportBatches).orderBy(desc(legacyImportBatches.id));
}

export type RollbackResult = { ok: true; removed: Record<string, number> } | { ok: false; message: string };

/**
 * Removes every row one batch added, in one transaction. Only the newest batch can go: an older
 * batch's checklists may hold a later batch's entries. Records made in Jarog inside the batch's
 * checklists, or by its accounts, go with them (accounts) or lose their link (set null), as when
 * a birder is deleted.
 */
export async function rollbackLegacyBatch(database: Database, batchId: number): Promise<RollbackResult> {
  return database.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(legacyImportBatches).where(eq(legacyImportBatches.id, batchId));
    if (!batch) return { ok: false, message: `There is no import batch ${batchId}` };
    const [later] = await tx
      .select({ id: legacyImportBatches.id })
      .from(legacyImportBatches)
      .where(gt(legacyImportBatches.id, batchId))
      .limit(1);
    if (later)
      return { ok: false, message: `Batch ${later.id} came after batch ${batchId}: roll that back first` };
    const removed: Record<string, number> = {};
    const gone = async (name: string, q: Promise<unknown[]>) => {
      removed[name] = (await q).length;
    };
    await gone(
      'birderNotices',
      tx
        .delete(birderNotices)
        .where(eq(birderNotices.legacyBatch, batchId))
        .returning({ id: birderNotices.id }),
    );
    await gone(
      'activityLog',
      tx
        .delete(notifications)
        .where(eq(notifications.legacyBatch, batchId))
        .returning({ id: notifications.id }),
    );
    await gone(
      'entries',
      tx.delete(entries).where(eq(entries.legacyBatch, batchId)).returning({ id: entries.id }),
    );
    await gone(
      'checklists',
      tx.delete(checklists).where(eq(checklists.legacyBatch, batchId)).returning({ id: checklists.id }),
    );
    await gone(
      'species',
      tx.delete(species).where(eq(species.legacyBatch, batchId)).returning({ id: species.id }),
    );
    await gone(
      'accounts',
      tx.delete(users).where(eq(users.legacyBatch, batchId)).returning({ id: users.id }),
    );
    await tx.delete(legacyImportBatches).where(eq(legacyImportBatches.id, batchId));
    return { ok: true, removed };
  });
}
