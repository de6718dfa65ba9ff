import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { checklists, entries, type NewChecklistRow, type NewEntryRow, species, users } from '../db/schema';
import { DZONGKHAG_CENTRES } from '../modules/locations/centres';
import { DZONGKHAGS } from '../modules/locations/dzongkhags';
import { GEWOGS } from '../modules/locations/gewogs';
import { DEMO_SPECIES } from './demo-species';

/** How many checklists the demo holds, and over how many months back from today. */
export const DEMO_CHECKLISTS = 320;
export const DEMO_MONTHS = 18;

type Zone = 'low' | 'mid' | 'high';
/** Altitude zones each dzongkhag mostly spans, so birds turn up where they live. */
const ZONES: Record<string, Zone[]> = {
  Bumthang: ['mid', 'high'],
  Chhukha: ['low', 'mid'],
  Dagana: ['low', 'mid'],
  Gasa: ['mid', 'high'],
  Haa: ['mid', 'high'],
  Lhuentse: ['mid', 'high'],
  Mongar: ['low', 'mid'],
  Paro: ['mid', 'high'],
  Pemagatshel: ['low', 'mid'],
  Punakha: ['mid'],
  'Samdrup Jongkhar': ['low'],
  Samtse: ['low'],
  Sarpang: ['low'],
  Thimphu: ['mid', 'high'],
  Trashigang: ['mid', 'high'],
  Trashiyangtse: ['mid'],
  Trongsa: ['mid'],
  Tsirang: ['low', 'mid'],
  'Wangdue Phodrang': ['mid', 'high'],
  Zhemgang: ['low', 'mid'],
};

interface Habit {
  zones: Zone[];
  /** Only in these dzongkhags (cranes, herons). */
  only?: string[];
  /** Winter visitor: November to March. */
  winter?: boolean;
  /** Usually seen in flocks of up to this many. */
  flock?: number;
}
const WETLANDS = ['Punakha', 'Wangdue Phodrang', 'Bumthang', 'Paro', 'Trashiyangtse'];
/** Where and when the demo species are met; a species not named here is seen anywhere. */
const HABITS: Record<string, Habit> = {
  'Black-necked Crane': {
    zones: ['high', 'mid'],
    only: ['Wangdue Phodrang', 'Bumthang', 'Trashiyangtse'],
    winter: true,
    flock: 60,
  },
  'White-bellied Heron': {
    zones: ['low', 'mid'],
    only: ['Punakha', 'Wangdue Phodrang', 'Tsirang', 'Dagana', 'Zhemgang'],
  },
  'Rufous-necked Hornbill': { zones: ['low', 'mid'], flock: 4 },
  'Great Hornbill': { zones: ['low'], flock: 5 },
  'Beautiful Nuthatch': { zones: ['mid'], only: ['Zhemgang', 'Trongsa', 'Mongar', 'Lhuentse'] },
  'Himalayan Monal': { zones: ['high'] },
  'Satyr Tragopan': { zones: ['high', 'mid'] },
  'Blood Pheasant': { zones: ['high'], flock: 12 },
  'Kalij Pheasant': { zones: ['mid', 'low'], flock: 4 },
  "Ward's Trogon": { zones: ['mid'] },
  "Pallas's Fish Eagle": { zones: ['low', 'mid'], only: ['Punakha', 'Wangdue Phodrang', 'Sarpang'] },
  'Red-billed Chough': { zones: ['high'], flock: 30 },
  Ibisbill: { zones: ['mid'], only: WETLANDS, winter: true, flock: 6 },
  'Bar-headed Goose': { zones: ['mid', 'high'], only: WETLANDS, winter: true, flock: 40 },
  'Ruddy Shelduck': { zones: ['mid', 'high'], only: WETLANDS, winter: true, flock: 20 },
  'Black Stork': { zones: ['low', 'mid'], only: ['Punakha', 'Wangdue Phodrang', 'Sarpang'], winter: true },
  Wallcreeper: { zones: ['mid', 'high'], winter: true },
  'Fire-tailed Sunbird': { zones: ['high'] },
  'Red-vented Bulbul': { zones: ['low'], flock: 6 },
  'Oriental Magpie-Robin': { zones: ['low', 'mid'] },
  'Great Barbet': { zones: ['mid'] },
  'Scarlet Minivet': { zones: ['low', 'mid'], flock: 8 },
  'Himalayan Bulbul': { zones: ['mid'], flock: 8 },
  'Rufous Sibia': { zones: ['mid'], flock: 6 },
  'Yellow-billed Blue Magpie': { zones: ['mid', 'high'], flock: 5 },
};

/** Real villages at well-known birding spots; elsewhere villages are named after their gewog. */
const KNOWN_VILLAGES: Record<string, string[]> = {
  Phobji: ['Tabiting', 'Beta', 'Kilkhorthang', 'Khewang'],
  Chhoekhor: ['Jakar', 'Kurjey', 'Dhur'],
  Toewang: ['Tashithang', 'Samdingkha'],
  Bumdeling: ['Bumdeling', 'Dongzam'],
  Trong: ['Tingtibi', 'Zhemgang'],
  Kawang: ['Dodena', 'Begana'],
  Phuentsholing: ['Rinchending', 'Pasakha'],
  Tsento: ['Drukgyel', 'Shana'],
};
const VILLAGE_SUFFIXES = ['', ' Toed', ' Maed', ' Goenpa', ' Zam'];
const OUTINGS = ['morning walk', 'river survey', 'forest trail', 'roadside count', 'evening walk'];
const REMARKS = [
  'Feeding by the river',
  'Heard only',
  'Pair seen together',
  'Flock flying over',
  'Near the road',
];
const NEW_BIRDS = [
  'small brown warbler',
  'green bird with a red cap',
  'large raptor, pale head',
  'striped babbler',
];

/** mulberry32: a small seeded generator, so the demo looks the same on every machine and start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

export interface DemoRecordsInput {
  birderEmails: readonly string[];
  reviewerEmail: string;
  /** Today, for the 18-month window; tests may pin it. */
  now?: Date;
}

/**
 * Loads a few hundred demo checklists across all 20 dzongkhags over the last 18 months, with
 * pending, approved, rejected, draft and unknown-bird records. Deterministic (seeded), in the
 * caller's transaction, and loaded once: nothing is added when demo checklists already exist.
 * Returns how many checklists were added.
 */
export async function loadDemoRecords(tx: Tx, input: DemoRecordsInput): Promise<number> {
  // Loaded once: any demo checklist means the demo is there (stops at the first row it finds).
  const existing = await tx
    .select({ id: checklists.id })
    .from(checklists)
    .where(eq(checklists.source, 'demo'))
    .limit(1);
  if (existing.length > 0) return 0;
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, [...input.birderEmails, input.reviewerEmail]))
    .orderBy(users.email);
  const birders = people.filter((p) => p.email !== input.reviewerEmail);
  const reviewer = people.find((p) => p.email === input.reviewerEmail);
  const catalogue = await tx
    .select({ id: species.id, name: species.englishName })
    .from(species)
    .where(
      inArray(
        sql`lower(${species.englishName})`,
        DEMO_SPECIES.map((d) => d.englishName.toLowerCase()),
      ),
    )
    .orderBy(species.englishName);
  if (birders.length === 0 || catalogue.length === 0) return 0;

  const random = seededRandom(20_240_517);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const now = input.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const earliest = new Date(today);
  earliest.setUTCMonth(earliest.getUTCMonth() - DEMO_MONTHS);
  const spanDays = Math.round((today.getTime() - earliest.getTime()) / 86_400_000);
  const dzongkhags = DZONGKHAGS.map((d) => d.name);

  const plans: { row: NewChecklistRow; entries: Omit<NewEntryRow, 'checklistId'>[] }[] = [];
  for (let i = 0; i < DEMO_CHECKLISTS; i++) {
    // The first twenty visit every dzongkhag once; then the popular west and centre more often.
    const dzongkhag = i < dzongkhags.length ? (dzongkhags[i] as string) : pickDzongkhag(random, dzongkhags);
    const gewog = pick(GEWOGS[dzongkhag] ?? []).name;
    const village = KNOWN_VILLAGES[gewog] ? pick(KNOWN_VILLAGES[gewog]) : `${gewog}${pick(VILLAGE_SUFFIXES)}`;
    const ageDays = Math.floor(random() ** 1.3 * spanDays);
    const date = new Date(today.getTime() - ageDays * 86_400_000);
    const month = date.getUTCMonth() + 1;
    const winter = month >= 11 || month <= 3;
    const observer = pick(birders);
    const draft = ageDays < 30 && random() < 0.25;
    const centre = DZONGKHAG_CENTRES[dzongkhag] ?? { lat: 27.4, lon: 90.4, spread: 0.1 };
    const time = `${pad(5 + Math.floor(random() * 11))}:${pad(Math.floor(random() * 4) * 15)}:00`;
    const row: NewChecklistRow = {
      clientId: `demo-${i}`,
      name: `${village} ${pick(OUTINGS)} ${isoDate(date)}`,
      observerId: observer.id,
      observerName: observer.name,
      selectedDate: isoDate(date),
      selectedTime: time,
      latitude: round5(centre.lat + (random() * 2 - 1) * centre.spread),
      longitude: round5(centre.lon + (random() * 2 - 1) * centre.spread),
      dzongkhag,
      gewog,
      village,
      status: draft ? 'draft' : 'submitted',
      source: 'demo',
      createdAt: new Date(date.getTime() + 18 * 3_600_000),
      updatedAt: new Date(date.getTime() + 18 * 3_600_000),
    };
    const zones = ZONES[dzongkhag] ?? ['mid'];
    const fits = catalogue.filter((s) => {
      const h = HABITS[s.name];
      if (!h) return true;
      if (h.winter && !winter) return false;
      if (h.only && !h.only.includes(dzongkhag)) return false;
      return h.zones.some((z) => zones.includes(z));
    });
    const birds = shuffle(fits, random).slice(0, 2 + Math.floor(random() * 9));
    const names: { name: string; speciesId: string | null; flock: number }[] = birds.map((b) => ({
      name: b.name,
      speciesId: b.id,
      flock: HABITS[b.name]?.flock ?? 3,
    }));
    if (random() < 0.12) names.push({ name: 'Unknown Birds', speciesId: null, flock: 2 });
    if (random() < 0.07) names.push({ name: `New bird - ${pick(NEW_BIRDS)}`, speciesId: null, flock: 1 });
    plans.push({
      row,
      entries: names.map((b) => {
        const adult = 1 + Math.floor(random() ** 2 * b.flock);
        const juvenile = random() < 0.15 ? 1 + Math.floor(random() * 3) : 0;
        const approval = draft ? 'pending' : pickApproval(random, ageDays, b.speciesId === null);
        const reviewed = approval !== 'pending' && reviewer;
        const reviewedAt = new Date(
          Math.min(date.getTime() + (1 + random() * 14) * 86_400_000, now.getTime()),
        );
        return {
          birdName: b.name,
          speciesId: b.speciesId,
          adult,
          juvenile,
          total: adult + juvenile,
          remarks: random() < 0.2 ? pick(REMARKS) : null,
          approval,
          reviewedBy: reviewed ? reviewed.id : null,
          reviewedAt: reviewed ? reviewedAt : null,
          createdAt: row.createdAt,
        };
      }),
    });
  }

  const inserted = await tx
    .insert(checklists)
    .values(plans.map((p) => p.row))
    .onConflictDoNothing()
    .returning({ id: checklists.id, clientId: checklists.clientId });
  const idOf = new Map(inserted.map((r) => [r.clientId, r.id]));
  const rows = plans.flatMap((p) => {
    const checklistId = idOf.get(p.row.clientId ?? '');
    return checklistId ? p.entries.map((e) => ({ ...e, checklistId })) : [];
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(entries).values(rows.slice(i, i + 500));
  return inserted.length;
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** Thimphu, Paro, Punakha, Wangdue and Bumthang see most birders; every dzongkhag sees some. */
function pickDzongkhag(random: () => number, all: string[]): string {
  const popular = ['Thimphu', 'Paro', 'Punakha', 'Wangdue Phodrang', 'Bumthang', 'Zhemgang'];
  const list = random() < 0.4 ? popular : all;
  return list[Math.floor(random() * list.length)] as string;
}

/** Older records are mostly reviewed; the last two months are mostly waiting; new species wait longer. */
function pickApproval(
  random: () => number,
  ageDays: number,
  unnamed: boolean,
): 'pending' | 'approved' | 'rejected' {
  const r = random();
  const pending = ageDays < 60 ? 0.6 : unnamed ? 0.5 : 0.08;
  if (r < pending) return 'pending';
  return r < pending + (1 - pending) * 0.88 ? 'approved' : 'rejected';
}

function shuffle<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
