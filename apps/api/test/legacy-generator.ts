import { once } from 'node:events';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Writes a mongoexport of the old server in the sample's format (relaxed Extended JSON, one document
 * per line) with `entries` entry documents, for tests and the import benchmark. Deterministic. The
 * dirt of the real data is in it: "null" strings, the old app's place spellings, 0,0 coordinates,
 * drafts, 'Unknown Birds', an entry of a birder who no longer exists, plus documents that must be
 * skipped (no bird, no data, a broken line), whose ids are returned.
 */
export interface GeneratedExport {
  folder: string;
  users: number;
  entries: number;
  /** Entry documents that must be skipped, by id. */
  skipped: string[];
  /** Distinct checklists the good entry documents form. */
  checklists: number;
}

let counter = 0;
/** An ObjectId whose first 4 bytes are `seconds`. */
export const objectId = (seconds: number) =>
  seconds.toString(16).padStart(8, '0') +
  (0xa0000000 + (counter++ % 0x0fffffff)).toString(16).padStart(16, '0');

const PLACES = [
  ['Chukha', 'Bjachho', 'Tsimasham'],
  ['WangduePhodrang', 'Gangtey', 'Phobjikha'],
  ['thimphu', 'Kawang', 'Dodena'],
  ['Samdrupjongkhar', 'Dewathang', 'Dewathang'],
  ['Mongar', 'Saling', 'null'],
] as const;
const BIRDS = [
  'Blue-tailed Bee-eater',
  'Merlin',
  'Red-fronted Rosefinch',
  'Unknown Birds',
  'Spotted Flycatcher',
];

export async function generateLegacyExport(opts: { entries: number; users?: number; perChecklist?: number }) {
  const folder = mkdtempSync(path.join(tmpdir(), 'jarog-legacy-'));
  const nUsers = opts.users ?? 50;
  const per = opts.perChecklist ?? 8;
  const base = 1_680_000_000;
  const userIds = Array.from({ length: nUsers }, (_, i) => objectId(base + i));
  /** A birder deleted in the old system: their entries stay, without an account. */
  const vanished = objectId(base - 1);
  writeFileSync(
    path.join(folder, 'users.json'),
    userIds
      .map((id, i) =>
        JSON.stringify({
          _id: { $oid: id },
          name: `Generated Birder ${i}`,
          email: `gen.birder${i}@legacy.example`,
          photo: 'null',
          dob: i % 2 ? '12/04/1990' : '1990-04-12T00:00:00.000Z',
          country: 'Bhutan',
          profession: 'Student',
          // Not a real hash: these accounts are not signed in to; only the sample's are.
          password: '$2a$12$abcdefghijklmnopqrstuuFhDbDfuzq7O3JEn1lAPRcXeNSXT8fre',
          active: true,
          __v: 0,
        }),
      )
      .join('\n'),
  );
  writeFileSync(
    path.join(folder, 'species.json'),
    BIRDS.filter((b) => b !== 'Unknown Birds')
      .map((b, i) =>
        JSON.stringify({
          _id: { $oid: objectId(base + 100 + i) },
          englishName: `${b} `,
          scientificName: `Genus${i} species${i}`,
          genus: `Genus${i}`,
          species: `species${i}`,
          photos: [],
          createdAt: { $date: '2023-04-18T03:12:07.000Z' },
        }),
      )
      .join('\n'),
  );
  const out = createWriteStream(path.join(folder, 'checklists.json'));
  const write = async (doc: unknown) => {
    if (!out.write(`${JSON.stringify(doc)}\n`)) await once(out, 'drain');
  };
  const skipped: string[] = [];
  const checklistKeys = new Set<string>();
  for (let i = 0; i < opts.entries; i++) {
    const c = Math.floor(i / per);
    const id = objectId(base + 1000 + c);
    const user = c % 97 === 0 ? vanished : userIds[c % nUsers];
    const place = PLACES[c % PLACES.length] ?? PLACES[0];
    const draft = c % 23 === 0;
    const day = String(1 + (c % 28)).padStart(2, '0');
    const date = `2023-${String(1 + (c % 12)).padStart(2, '0')}-${day}`;
    const time = `${String(6 + (c % 12)).padStart(2, '0')}:${String(c % 60).padStart(2, '0')}:00`;
    const bad = i % 997 === 500;
    const bird = bad ? 'null' : (BIRDS[i % BIRDS.length] ?? 'Merlin');
    if (bad) skipped.push(id);
    else checklistKeys.add(`${c}`);
    await write({
      _id: { $oid: id },
      CheckListName: `Generated list ${c}`,
      BirdName: bird,
      userId: user,
      StartbirdingData: [
        {
          selectedDate: date,
          selectedTime: time,
          observer: 'null',
          currentLocation: {
            latitude: c % 5 === 0 ? 0 : 27.4 + (c % 100) / 1000,
            longitude: c % 5 === 0 ? 0 : 89.6 + (c % 100) / 1000,
            _id: { $oid: objectId(base) },
          },
          Totalcount: bird === 'Unknown Birds' ? 0 : 1 + (i % 7),
          JAcount: { Adult: i % 3, Juvenile: i % 2 },
          Remarks: i % 4 ? 'null' : 'Seen near the river',
          photo: 'null',
          EndpointLocation: draft
            ? []
            : [{ dzongkhag: place[0], gewog: place[1], village: place[2], _id: { $oid: objectId(base) } }],
          status: draft ? 'draftchecklist' : 'submittedchecklist',
          Approvedstatus: ['approved', 'pending', 'rejected'][i % 3],
          _id: { $oid: objectId(base) },
        },
      ],
      __v: 0,
    });
  }
  const empty = objectId(base + 5);
  skipped.push(empty);
  await write({
    _id: { $oid: empty },
    CheckListName: 'Empty',
    BirdName: 'Merlin',
    userId: userIds[0],
    StartbirdingData: [],
  });
  out.write('{"_id": {"$oid": "broken line\n');
  out.end();
  await once(out, 'finish');
  return {
    folder,
    users: nUsers,
    entries: opts.entries - skipped.length + 1,
    skipped,
    checklists: checklistKeys.size,
  } satisfies GeneratedExport;
}
