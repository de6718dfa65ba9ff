import type { Db, Tx } from '../../db/client';
import type { ChecklistRow, EntryRow, NewChecklistRow, NewEntryRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pacer } from '../../lib/yield';
import type { ChecklistDraft, EntryDraft } from './ingest.drafts';
import { isSamePhoto, isStoredEntryPhoto, photoUrlOf } from './ingest.photos';
import { type NaturalKey, ingestRepository as repo } from './ingest.repository';
import { birdKey, resolveSpecies } from './species-link';

export type EntryAction = 'added' | 'updated' | 'unchanged';

export interface WriteMode {
  source: 'console' | 'upload' | 'mobile';
  actor: { id: string; email: string };
  /** Called as new entries are written: how many so far, of how many. */
  onWritten?: (done: number, of: number) => void;
}

export interface WrittenEntry {
  draft: EntryDraft;
  entry: EntryRow;
  checklistId: string;
  action: EntryAction;
}

export interface WrittenChecklist {
  row: ChecklistRow;
  created: boolean;
  changed: boolean;
  /** Newly submitted by this write (created submitted, or a draft submitted). */
  submitted: boolean;
  entries: WrittenEntry[];
}

export interface WriteResult {
  checklists: WrittenChecklist[];
  /** Photo files this write made obsolete: delete them once the transaction commits. */
  obsoletePhotos: string[];
}

/**
 * What an upload reports of a write: each checklist and entry by id and name, and what became of it.
 * A WriteResult is one; the staged write (ingest.staged.ts) builds only this.
 */
export interface WrittenSummary {
  checklists: {
    row: Pick<ChecklistRow, 'id' | 'name'>;
    entries: {
      draft: EntryDraft;
      entry: Pick<EntryRow, 'id' | 'birdName' | 'photoUrl'>;
      action: EntryAction;
    }[];
  }[];
  obsoletePhotos: string[];
}

const sameObserver = (r: ChecklistRow, d: ChecklistDraft) =>
  d.observerId
    ? r.observerId === d.observerId
    : r.observerId === null && r.observerName.toLowerCase() === d.observerName.toLowerCase();

/** Items in lists by key, in their order. */
export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The checklist each draft continues, if any; one stored checklist serves one draft at most. */
async function findExisting(tx: Db | Tx, drafts: ChecklistDraft[], mode: WriteMode) {
  // An upload's 20,000 checklists: other requests get their turns meanwhile (here and in the loop below).
  const pace = pacer();
  const keys: NaturalKey[] = [];
  for (const d of drafts) {
    await pace();
    keys.push({ name: d.name, selectedDate: d.selectedDate, selectedTime: d.selectedTime });
  }
  const rows =
    mode.source === 'mobile'
      ? await repo.mobileChecklists(
          tx,
          mode.actor.id,
          drafts.flatMap((d) => (d.clientId ? [d.clientId] : [])),
          keys,
        )
      : await repo.consoleChecklists(tx, keys);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // No time is '' here, which no stored time ('HH:mm:ss') can equal.
  const natural = (x: { name: string; selectedDate: string; selectedTime: string | null }) =>
    `${x.name.toLowerCase()}\u0000${x.selectedDate}\u0000${x.selectedTime?.slice(0, 8) ?? ''}`;
  const byNatural = groupBy(rows, natural);
  const byClient = new Map(rows.flatMap((r) => (r.clientId ? [[r.clientId, r] as const] : [])));
  const claimed = new Set<string>();
  const free = (r: ChecklistRow | undefined) => (r && !claimed.has(r.id) ? r : undefined);
  const out: (ChecklistRow | undefined)[] = [];
  for (const d of drafts) {
    await pace();
    const same = (byNatural.get(natural(d)) ?? []).filter((r) => !claimed.has(r.id));
    const found =
      mode.source !== 'mobile'
        ? same.find((r) => sameObserver(r, d))
        : d.clientId
          ? (free(byClient.get(d.clientId)) ?? same.find((r) => r.source === 'mobile' && r.clientId === null))
          : same.find((r) => r.source === 'mobile');
    if (found) claimed.add(found.id);
    out.push(found);
  }
  return out;
}

function checklistColumns(d: ChecklistDraft): Omit<NewChecklistRow, 'source' | 'status'> {
  return {
    name: d.name,
    observerId: d.observerId,
    observerName: d.observerName,
    selectedDate: d.selectedDate,
    selectedTime: d.selectedTime,
    latitude: d.latitude,
    longitude: d.longitude,
    dzongkhag: d.dzongkhag,
    gewog: d.gewog,
    village: d.village,
  };
}

/** The fields of a stored checklist this draft would change. */
function checklistChanges(row: ChecklistRow, d: ChecklistDraft): Partial<NewChecklistRow> {
  const next = checklistColumns(d);
  const changes: Partial<NewChecklistRow> = {};
  for (const [k, v] of Object.entries(next) as [keyof typeof next, unknown][]) {
    const current = k === 'selectedTime' ? (row.selectedTime?.slice(0, 8) ?? null) : row[k];
    if (current !== v) Object.assign(changes, { [k]: v });
  }
  return changes;
}

export interface Resolved {
  birdName: string;
  speciesId: string | null;
}

function entryColumns(e: EntryDraft, r: Resolved) {
  return {
    birdName: r.birdName,
    speciesId: r.speciesId,
    adult: e.adult,
    juvenile: e.juvenile,
    total: e.total,
    remarks: e.remarks,
  };
}

function entryChanged(row: EntryRow, e: EntryDraft, r: Resolved): boolean {
  const next = entryColumns(e, r);
  return (
    (Object.keys(next) as (keyof typeof next)[]).some((k) => row[k] !== next[k]) ||
    !isSamePhoto(row.photoUrl, e.photo) ||
    (e.approval !== undefined && e.approval !== row.approval)
  );
}

/** A new entry's columns: the app's entries wait for review, the console's are approved by the writer. */
export function newEntryValues(
  e: EntryDraft,
  r: Resolved,
  checklistId: string,
  mode: WriteMode,
  now: Date,
): NewEntryRow & { approval: EntryRow['approval'] } {
  const approval = mode.source === 'mobile' ? 'pending' : (e.approval ?? 'approved');
  const reviewed = approval !== 'pending';
  return {
    checklistId,
    ...entryColumns(e, r),
    photoUrl: photoUrlOf(e.photo),
    approval,
    reviewedBy: reviewed ? mode.actor.id : null,
    reviewedAt: reviewed ? now : null,
  };
}

/** A new checklist's columns as the write creates it. */
export function newChecklistValues(
  d: ChecklistDraft,
  mode: WriteMode,
): NewChecklistRow & {
  status: ChecklistRow['status'];
} {
  const mobile = mode.source === 'mobile';
  return {
    ...checklistColumns(d),
    clientId: mobile ? d.clientId : null,
    status: mobile && !d.submitted ? 'draft' : 'submitted',
    source: mode.source,
  };
}

/** How a draft's bird names resolve against the catalogue (see resolveSpecies). */
export function resolverFor(species: Map<string, { id: string; englishName: string }>) {
  return (e: EntryDraft): Resolved => {
    const match = species.get(birdKey(e.birdName));
    return { birdName: match?.englishName ?? e.birdName, speciesId: match?.id ?? null };
  };
}

/** A stored checklist's entries by bird; the first one of a bird when it is there twice. */
function firstByBird(stored: readonly EntryRow[]): Map<string, EntryRow> {
  const byBird = new Map<string, EntryRow>();
  for (const e of stored) if (!byBird.has(birdKey(e.birdName))) byBird.set(birdKey(e.birdName), e);
  return byBird;
}

/**
 * What a console or upload write of this draft would report for the stored checklist it continues,
 * when it would change nothing (the same fields, every bird already on it as it is): the checklist and
 * its entries, all unchanged. Undefined when the write would change something.
 */
export function unchangedWrite(
  row: ChecklistRow,
  d: ChecklistDraft,
  stored: readonly EntryRow[],
  resolve: (e: EntryDraft) => Resolved,
): WrittenSummary['checklists'][number] | undefined {
  if (row.status !== 'submitted' || Object.keys(checklistChanges(row, d)).length > 0) return undefined;
  const byBird = firstByBird(stored);
  const entries: WrittenSummary['checklists'][number]['entries'] = [];
  for (const e of [...d.entries].sort((a, b) => a.seq - b.seq)) {
    const r = resolve(e);
    const current = byBird.get(birdKey(r.birdName));
    if (!current || entryChanged(current, e, r)) return undefined;
    entries.push({ draft: e, entry: current, action: 'unchanged' });
  }
  return { row, entries };
}

/**
 * Read only, before any transaction (console and upload): the drafts that create checklists, those that
 * would change a stored one, and, as the write would report them, the stored checklists that drafts
 * would leave as they are. Those need no write at all.
 */
export async function sortDrafts(
  db: Db,
  drafts: ChecklistDraft[],
  mode: WriteMode,
): Promise<{ fresh: ChecklistDraft[]; changing: ChecklistDraft[]; unchanged: WrittenSummary['checklists'] }> {
  const found = await findExisting(db, drafts, mode);
  const stored = groupBy(
    await repo.entriesOf(
      db,
      found.flatMap((f) => (f ? [f.id] : [])),
    ),
    (e) => e.checklistId,
  );
  const resolve = resolverFor(
    await resolveSpecies(
      db,
      drafts.flatMap((d, i) => (found[i] ? d.entries.map((e) => e.birdName) : [])),
    ),
  );
  const out = {
    fresh: [] as ChecklistDraft[],
    changing: [] as ChecklistDraft[],
    unchanged: [] as WrittenSummary['checklists'],
  };
  const pace = pacer();
  for (const [i, d] of drafts.entries()) {
    await pace();
    const row = found[i];
    if (!row) {
      out.fresh.push(d);
      continue;
    }
    const same = unchangedWrite(row, d, stored.get(row.id) ?? [], resolve);
    if (same) out.unchanged.push(same);
    else out.changing.push(d);
  }
  return out;
}

const refused = (d: ChecklistDraft, ref: string) =>
  new AppError(
    'CONFLICT',
    `${ref}: checklist '${d.name}' is already submitted and cannot be changed from the app (new birds can still be added)`,
  );

/**
 * Writes checklist drafts in the caller's transaction. A draft continues the stored checklist with
 * the same client id or natural key (observer, name, date, time); a bird already on it is updated,
 * else added. The console and the upload overwrite what they find; the mobile app may only add to a
 * submitted checklist (changing it answers 409). Bird names that match the catalogue are linked and
 * stored in its spelling.
 */
export async function writeDrafts(tx: Tx, drafts: ChecklistDraft[], mode: WriteMode): Promise<WriteResult> {
  const mobile = mode.source === 'mobile';
  const now = new Date();
  const resolve = resolverFor(
    await resolveSpecies(
      tx,
      drafts.flatMap((d) => d.entries.map((e) => e.birdName)),
    ),
  );
  const found = await findExisting(tx, drafts, mode);
  const stored = await repo.entriesOf(
    tx,
    found.flatMap((f) => (f ? [f.id] : [])),
  );
  const storedBy = groupBy(stored, (e) => e.checklistId);
  const obsoletePhotos: string[] = [];
  const newEntry = (e: EntryDraft, checklistId: string) =>
    newEntryValues(e, resolve(e), checklistId, mode, now);

  const result: WrittenChecklist[] = [];
  const toCreate: { draft: ChecklistDraft; index: number }[] = [];
  for (const [index, d] of drafts.entries()) {
    const row = found[index];
    if (!row) {
      toCreate.push({ draft: d, index });
      continue;
    }
    const wasSubmitted = row.status === 'submitted';
    const changes = checklistChanges(row, d);
    // The app fills the observer from the account when the document has none: a rename is no change.
    if (mobile && wasSubmitted) delete changes.observerName;
    if (mobile && wasSubmitted && Object.keys(changes).length > 0) throw refused(d, d.ref);
    if (mobile && d.clientId && !row.clientId) changes.clientId = d.clientId;
    const submit = !wasSubmitted && (d.submitted || !mobile);
    if (submit) changes.status = 'submitted';

    const byBird = firstByBird(storedBy.get(row.id) ?? []);
    const written: WrittenEntry[] = [];
    const inserts: { draft: EntryDraft; values: NewEntryRow }[] = [];
    for (const e of d.entries) {
      const r = resolve(e);
      const current = byBird.get(birdKey(r.birdName));
      if (!current) {
        inserts.push({ draft: e, values: newEntry(e, row.id) });
        continue;
      }
      if (!entryChanged(current, e, r)) {
        written.push({ draft: e, entry: current, checklistId: row.id, action: 'unchanged' });
        continue;
      }
      if (mobile && wasSubmitted) throw refused(d, e.ref);
      const samePhoto = isSamePhoto(current.photoUrl, e.photo);
      if (!samePhoto && isStoredEntryPhoto(current.photoUrl)) obsoletePhotos.push(current.photoUrl);
      const approval = e.approval;
      const updated = await repo.updateEntry(tx, current.id, {
        ...entryColumns(e, r),
        photoUrl: samePhoto ? current.photoUrl : photoUrlOf(e.photo),
        ...(approval && approval !== current.approval
          ? { approval, reviewedBy: mode.actor.id, reviewedAt: now }
          : {}),
      });
      written.push({ draft: e, entry: updated ?? current, checklistId: row.id, action: 'updated' });
    }
    for (const [i, entry] of (
      await repo.insertEntries(
        tx,
        inserts.map((x) => x.values),
      )
    ).entries()) {
      const draft = inserts[i]?.draft;
      if (draft) written.push({ draft, entry, checklistId: row.id, action: 'added' });
    }
    const changed = Object.keys(changes).length > 0 || written.some((w) => w.action !== 'unchanged');
    const finalRow = changed ? ((await repo.updateChecklist(tx, row.id, changes)) ?? row) : row;
    result[index] = { row: finalRow, created: false, changed, submitted: submit, entries: written };
  }

  const created = await repo.insertChecklists(
    tx,
    toCreate.map(({ draft }) => newChecklistValues(draft, mode)),
  );
  const newEntries = toCreate.flatMap(({ draft }, i) => {
    const row = created[i];
    return row ? draft.entries.map((e) => ({ draft: e, values: newEntry(e, row.id) })) : [];
  });
  const inserted = await repo.insertEntries(
    tx,
    newEntries.map((x) => x.values),
    mode.onWritten,
  );
  const byChecklist = new Map<string, WrittenEntry[]>();
  inserted.forEach((entry, j) => {
    const draft = newEntries[j]?.draft;
    if (!draft) return;
    const list = byChecklist.get(entry.checklistId) ?? [];
    list.push({ draft, entry, checklistId: entry.checklistId, action: 'added' });
    byChecklist.set(entry.checklistId, list);
  });
  toCreate.forEach(({ index }, i) => {
    const row = created[i];
    if (!row) return;
    const written = byChecklist.get(row.id) ?? [];
    result[index] = {
      row,
      created: true,
      changed: true,
      submitted: row.status === 'submitted',
      entries: written,
    };
  });
  // Entries in the order they were sent.
  for (const c of result) c.entries.sort((a, b) => a.draft.seq - b.draft.seq);
  return { checklists: result, obsoletePhotos };
}
