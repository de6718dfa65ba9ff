import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries, legacyImportBatches, notifications, species, users } from '../src/db/schema';
import { importLegacy, rollbackLegacyBatch } from '../src/modules/legacy/legacy.import';
import { bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { generateLegacyExport, objectId } from './legacy-generator';

const SAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'druk-ebird-export');

const ADMINS = [
  { email: 'jigme.zangmo@dofps.example.bt', password: 'Minivet&Thimphu5031', status: 200 },
  { email: 'lhaki.yuden@dofps.example.bt', password: 'Crane!Druk4397', status: 200 },
  { email: 'tandin.peldon@dofps.example.bt', password: 'Phobjikha*Bhutan7944', status: 403 },
];
const BIRDERS = [
  ['sonam.tenzin@yahoo.example', 'Barbet6997fly', 90],
  ['deki.lhamo96@gmail.example', 'Sunbird9612nest', 47],
  ['sonam.drukpa@outlook.example', 'Wagtail1396bt', 90],
  ['norbu.yuden2@outlook.example', 'Kingfisher3092druk', 71],
  ['tshering.gyeltshen@yahoo.example', 'Barbet7472birds', 55],
  ['thinley.dorji58@yahoo.example', 'Dochula1237birds', 20],
  ['anais.lefevre@druknet.example.bt', 'Minivet9396nest', 21],
  ['arjun.mehta5@yahoo.example', 'Barbet2620nest', 7],
] as const;

/** Everything the import touches, counted straight from the tables. */
async function tableCounts(t: TestApp) {
  const db = t.ctx.database.db;
  const n = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n);
  return {
    users: await n(sql`select count(*) n from users`),
    species: await n(sql`select count(*) n from species`),
    checklists: await n(sql`select count(*) n from checklists`),
    entries: await n(sql`select count(*) n from entries`),
    log: await n(sql`select count(*) n from notifications`),
    notices: await n(sql`select count(*) n from birder_notices`),
    batches: await n(sql`select count(*) n from legacy_import_batches`),
  };
}

describe('npm run import:legacy on the sample export', () => {
  let t: TestApp;
  let batch: number | null;
  beforeAll(async () => {
    t = await createTestApp();
    const report = await importLegacy(t.ctx.database, SAMPLE);
    batch = report.batch;
    expect(report.skipped).toEqual([
      {
        collection: 'checklists',
        id: '65b8ba90296121872a7dd63b',
        reason: 'BirdName is "null": no bird was named',
      },
      {
        collection: 'checklists',
        id: '66599190296121872a7dd63f',
        reason: 'StartbirdingData is empty: no date, time, place or count to record',
      },
    ]);
    expect(report.counts.species).toMatchObject({ documents: 61, added: 60, merged: 1 });
    expect(report.counts.checklists).toMatchObject({
      documents: 404,
      entriesAdded: 402,
      checklistsAdded: 55,
      skipped: 2,
      withoutAccount: 1,
    });
  });
  afterAll(() => t.close());

  it('makes the accounts, species, checklists, activity log and notices the README lists', async () => {
    const db = t.ctx.database.db;
    const accounts = await db.select().from(users).where(isNotNull(users.legacyId));
    expect(accounts.filter((u) => u.userType === 'root-user')).toHaveLength(1);
    expect(accounts.filter((u) => u.userType === 'admin-user')).toHaveLength(2);
    expect(accounts.filter((u) => u.userType === 'user')).toHaveLength(8);
    expect(accounts.filter((u) => u.isDeactivated).map((u) => u.email)).toEqual([
      'tandin.peldon@dofps.example.bt',
    ]);
    expect(accounts.find((u) => u.email === 'anais.lefevre@druknet.example.bt')?.name).toBe('Anaïs Lefèvre');
    // DD/MM/YYYY from the old profile editor becomes a date.
    expect(accounts.find((u) => u.legacyId === '64fdb7ed2a887b1cf57dcf89')?.dob).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );

    const lists = await db.select().from(checklists);
    expect(lists.filter((c) => c.status === 'submitted')).toHaveLength(50);
    expect(lists.filter((c) => c.status === 'draft')).toHaveLength(5);
    // The old app's spellings become the canonical names.
    expect(new Set(lists.map((c) => c.dzongkhag))).not.toContain('Chukha');
    expect(lists.some((c) => c.latitude === 0 && c.longitude === 0)).toBe(false);
    const rinchen = lists.filter((c) => c.name === "Rinchen's list 3");
    expect(rinchen).toHaveLength(1);
    expect(rinchen[0]?.observerId).toBeNull();
    expect(rinchen[0]?.observerName).toBe('Rinchen Tobgay');
    expect(lists.filter((c) => c.name === 'Dochula Pass Big Day')).toHaveLength(2);

    const states = (await db.execute(sql`
      select e.approval, count(*)::int n from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' group by e.approval order by e.approval`)) as unknown as {
      rows: { approval: string; n: number }[];
    };
    expect(states.rows).toEqual([
      { approval: 'pending', n: 46 },
      { approval: 'approved', n: 304 },
      { approval: 'rejected', n: 31 },
    ]);
    const log = await db.select().from(notifications).where(isNotNull(notifications.legacyId));
    expect(log).toHaveLength(30);
    expect(log.find((l) => l.legacyId === '645443985b24537f0d7dd64a')?.createdAt.toISOString()).toBe(
      '2023-05-04T23:45:28.026Z',
    );
    expect(log.find((l) => l.legacyId === '64b9aab65b24537f0d7dd64b')?.actorEmail).toBe(
      'lhaki.yuden@dofps.example.bt',
    );
    const hornbill = await db.select().from(species).where(eq(species.englishName, 'Indian Gray Hornbill'));
    expect(hornbill[0]).toMatchObject({
      scientificName: null,
      genus: 'Ocyceros',
      speciesEpithet: 'birostris',
    });
  });

  it('answers the README numbers through the API', async () => {
    const admin = await buildAdmin(t);
    const get = async (url: string) => (await t.http().get(url).set(bearer(admin)).expect(200)).body;
    expect(JSON.stringify(await get('/api/v1/species/get-count'))).toContain('60');
    expect(JSON.stringify(await get('/api/v1/birders-count'))).toContain('8');
    expect(JSON.stringify(await get('/api/v1/checklists/get-count'))).toContain('50');
    expect(await get('/api/v1/checklists?limit=1')).toMatchObject({ totalChecklists: 50, entriesTotal: 371 });
    expect(await get('/api/v1/newspecies?limit=1')).toMatchObject({ totalChecklists: 10, entriesTotal: 10 });
    expect((await get('/api/v1/entries?limit=1')).entriesTotal).toBe(300);
  });

  it('signs in every old account with its old password, once with the old hash and again with argon2id', async () => {
    for (const a of ADMINS) {
      for (const round of [1, 2]) {
        const res = await t.http().post('/auth/login').send({ email: a.email, password: a.password });
        expect(res.status, `${a.email} round ${round}`).toBe(a.status);
      }
      await t.http().post('/auth/login').send({ email: a.email, password: 'wrong-password-1' }).expect(401);
    }
    for (const [email, password] of BIRDERS) {
      for (const round of [1, 2]) {
        const res = await t.http().post('/api/v1/users/Login').send({ email, password });
        expect(res.status, `${email} round ${round}`).toBe(200);
        expect(JSON.stringify(res.body)).not.toMatch(/\$2a\$|argon2|plm-pbkdf2/);
      }
    }
    const hashes = await t.ctx.database.db
      .select({ email: users.email, hash: users.passwordHash })
      .from(users)
      .where(isNotNull(users.legacyId));
    for (const h of hashes) expect(h.hash, h.email).toMatch(/^\$argon2id\$/);
  });

  it('changes nothing when run again, not even what was changed in Jarog since', async () => {
    const db = t.ctx.database.db;
    const before = await tableCounts(t);
    const [renamed] = await db
      .update(species)
      .set({ habitat: 'Edited in Jarog' })
      .where(eq(species.englishName, 'Merlin'))
      .returning();
    expect(renamed).toBeDefined();
    const again = await importLegacy(t.ctx.database, SAMPLE);
    expect(again.batch).toBeNull();
    expect(again.counts.checklists).toMatchObject({ entriesAdded: 0, checklistsAdded: 0, unchanged: 402 });
    expect(await tableCounts(t)).toEqual(before);
    const [merlin] = await db.select().from(species).where(eq(species.englishName, 'Merlin'));
    expect(merlin?.habitat).toBe('Edited in Jarog');
  });

  it('rolls a batch back to nothing, and imports the same again afterwards', async () => {
    expect(batch).not.toBeNull();
    const id = batch ?? 0;
    const result = await rollbackLegacyBatch(t.ctx.database, id);
    expect(result).toMatchObject({
      ok: true,
      removed: { entries: 402, checklists: 55, species: 60, accounts: 11 },
    });
    const after = await tableCounts(t);
    expect(after).toMatchObject({ species: 0, checklists: 0, entries: 0, notices: 0, batches: 0 });
    expect(await rollbackLegacyBatch(t.ctx.database, id)).toMatchObject({ ok: false });
    const again = await importLegacy(t.ctx.database, SAMPLE);
    expect(again.counts.checklists.entriesAdded).toBe(402);
  });
});

describe('npm run import:legacy on generated exports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('imports a larger export, reports every skipped document, and keeps entries of vanished birders', async () => {
    const gen = await generateLegacyExport({ entries: 6000, users: 40 });
    try {
      const r = await importLegacy(t.ctx.database, gen.folder);
      console.log(
        `generated export: ${gen.entries + gen.skipped.length} entry documents in ${r.ms.toFixed(0)} ms ` +
          `(${Math.round((gen.entries + gen.skipped.length) / (r.ms / 1000))} documents/s) on ${t.ctx.database.kind}`,
      );
      expect(r.counts.users).toMatchObject({ documents: 40, added: 40 });
      expect(r.counts.checklists.entriesAdded).toBe(gen.entries);
      expect(r.counts.checklists.checklistsAdded).toBe(gen.checklists);
      expect(r.counts.checklists.withoutAccount).toBeGreaterThan(0);
      const skippedIds = r.skipped.filter((s) => s.collection === 'checklists').map((s) => s.id);
      expect(skippedIds).toEqual(expect.arrayContaining(gen.skipped));
      expect(skippedIds.filter((id) => id.startsWith('line '))).toHaveLength(1);
      expect(skippedIds).toHaveLength(gen.skipped.length + 1);
      const [row] = await t.ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(isNotNull(entries.legacyId));
      expect(row?.n).toBe(gen.entries);
      // Every place the old app spelled its own way was recognised.
      expect(r.counts.checklists.placesKeptAsTyped).toBe(0);
    } finally {
      rmSync(gen.folder, { recursive: true, force: true });
    }
  });

  it('keeps the old system\'s "null" time missing, and a later run adds to the same checklist', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'jarog-legacy-time-'));
    const entry = (bird: string) =>
      JSON.stringify({
        _id: { $oid: objectId(1_690_000_000) },
        BirdName: bird,
        userId: 'null',
        StartbirdingData: [
          {
            selectedDate: '2023-02-03',
            selectedTime: 'null',
            observer: 'Karma Wangdi',
            Totalcount: 2,
            EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'null' }],
            status: 'submittedchecklist',
          },
        ],
      });
    const file = path.join(folder, 'checklists.json');
    const stored = () =>
      t.ctx.database.db
        .select({ id: checklists.id, time: checklists.selectedTime })
        .from(checklists)
        .where(eq(checklists.name, 'Checklist of 2023-02-03'));
    try {
      writeFileSync(file, `${entry('Ibisbill')}\n${entry('Brown Dipper')}\n`);
      expect((await importLegacy(t.ctx.database, folder)).counts.checklists).toMatchObject({
        entriesAdded: 2,
        checklistsAdded: 1,
      });
      const [first] = await stored();
      expect(first?.time).toBeNull();
      writeFileSync(file, `${entry('Plumbeous Water Redstart')}\n`);
      expect((await importLegacy(t.ctx.database, folder)).counts.checklists).toMatchObject({
        entriesAdded: 1,
        checklistsAdded: 0,
      });
      expect(await stored()).toEqual([{ id: first?.id, time: null }]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('leaves nothing behind when the database fails halfway through', async () => {
    const db = t.ctx.database.db;
    const before = await tableCounts(t);
    const gen = await generateLegacyExport({ entries: 500, users: 5 });
    // Fail on the last collection, after accounts, species and entries were written in the transaction.
    await db.execute(sql`create function legacy_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash'; end $$`);
    await db.execute(
      sql`create trigger legacy_test_fail before insert on notifications for each statement execute function legacy_test_fail()`,
    );
    const adminLog = `${gen.folder}/adminnotifications.json`;
    writeFileSync(
      adminLog,
      '{"_id":{"$oid":"645443985b24537f0d7dd999"},"message":"x","createdAt":{"$date":"2023-05-04T23:45:28.026Z"}}\n',
    );
    try {
      await expect(importLegacy(t.ctx.database, gen.folder)).rejects.toThrow();
      expect(await tableCounts(t)).toEqual(before);
      expect(await db.select().from(legacyImportBatches)).toHaveLength(before.batches);
    } finally {
      await db.execute(sql`drop trigger legacy_test_fail on notifications`);
      await db.execute(sql`drop function legacy_test_fail()`);
      rmSync(gen.folder, { recursive: true, force: true });
    }
  });
});
