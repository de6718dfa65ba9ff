import {
  type ChecklistForm,
  type EntryDocument,
  EntryDocumentSchema,
  MAX_ENTRIES_PER_REQUEST,
} from '@jarog/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { checkPhotoUrl, isWebAddress } from '../../lib/photo-hosts';
import { describeIssues } from '../../middleware/validate';
import { type ChecklistDraft, DraftGroups, naturalKey, resolvePlace } from './ingest.drafts';
import { readPhoto } from './ingest.photos';
import { ingestRepository as repo } from './ingest.repository';

type Q = Db | Tx;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Throws one 400 listing every problem found (the message names the first three). */
export function refuseAll(problems: string[]): void {
  if (problems.length === 0) return;
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
  throw new AppError(
    'VALIDATION',
    `${problems.slice(0, 3).join('; ')}${more}`,
    problems.map((message) => ({ message })),
  );
}

/** Reads a photo, turning a bad data URL into a message instead of a throw. */
function photoOrProblem(value: string | null, label: string, problems: string[], hosts?: readonly string[]) {
  try {
    if (value && hosts && isWebAddress(value)) checkPhotoUrl(value, hosts, label);
    return readPhoto(value, label);
  } catch (err) {
    if (err instanceof AppError) {
      problems.push(err.message);
      return null;
    }
    throw err;
  }
}

/**
 * Observers named in console documents and files: an email of an account links the record to that
 * birder (and shows the account's name); any other text is kept as the observer's name.
 */
export async function observersByEmail(
  db: Q,
  names: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  // An upload's 100,000 rows name a few thousand birders at most: each distinct name is tested once.
  const emails = [...new Set([...new Set(names)].filter((n) => EMAIL.test(n)).map((n) => n.toLowerCase()))];
  const found = await repo.accountsByEmail(db, emails);
  return new Map(found.map((a) => [a.email, { id: a.id, name: a.name }]));
}

/** The console form as one checklist draft. */
export async function formToDrafts(db: Q, form: ChecklistForm): Promise<ChecklistDraft[]> {
  const problems: string[] = [];
  let observer: { id: string | null; name: string } = { id: null, name: form.birder ?? '' };
  if (form.birderId) {
    const account = await repo.accountById(db, form.birderId);
    if (!account) problems.push('birderId: no birder has this id');
    else observer = { id: account.id, name: account.name };
  }
  const place = resolvePlace({ ...form, placeText: form.endpointLocation, placeLabel: 'endpointLocation' });
  if (!place.ok) problems.push(place.message);
  const fields = {
    name: form.checklistName,
    observerId: observer.id,
    observerName: observer.name,
    selectedDate: form.selectedDate,
    selectedTime: form.selectedTime,
    latitude: form.latitude,
    longitude: form.longitude,
    ...(place.ok ? place.value : { dzongkhag: null, gewog: null, village: null }),
    clientId: null,
    submitted: true,
  };
  const groups = new DraftGroups();
  form.birds.forEach((b, i) => {
    const ref = `Bird ${i + 1}`;
    const photo = photoOrProblem(b.photo, `${ref} photo`, problems);
    const problem = groups.add('form', fields, { ref, seq: i, ...b, photo });
    if (problem) problems.push(problem);
  });
  refuseAll(problems);
  return groups.drafts;
}

/** zod issues as one sentence; messages that already name their field are not prefixed again. */
export function describeFieldIssues(issues: readonly z.core.$ZodIssue[]): string {
  const named = issues.map((i) => {
    const last = i.path.at(-1);
    return typeof last === 'string' && i.message.includes(last) ? { ...i, path: [] } : i;
  });
  return describeIssues(named);
}

/** Reads each document of a body (one or a list), with messages naming the entry in a list. */
export function readDocuments(body: unknown): { docs: EntryDocument[]; list: boolean } {
  const list = Array.isArray(body);
  const items: unknown[] = list ? body : [body ?? {}];
  if (items.length === 0) throw new AppError('VALIDATION', 'Send at least one entry');
  if (items.length > MAX_ENTRIES_PER_REQUEST) {
    throw new AppError('VALIDATION', `At most ${MAX_ENTRIES_PER_REQUEST} entries in one request`);
  }
  const problems: string[] = [];
  const docs: EntryDocument[] = [];
  items.forEach((item, i) => {
    const parsed = EntryDocumentSchema.safeParse(item);
    if (parsed.success) docs.push(parsed.data);
    else {
      const message = describeFieldIssues(parsed.error.issues);
      problems.push(list ? `Entry ${i + 1}: ${message}` : message);
    }
  });
  refuseAll(problems);
  return { docs, list };
}

export interface DocumentOwner {
  /** The mobile caller: every document is theirs. Absent for the console. */
  caller?: { id: string; name: string };
  /** Hosts a photo given as a web address must be on (`https` only); absent: any address is kept. */
  photoHosts?: readonly string[];
}

/**
 * Documents grouped into checklist drafts. Mobile documents belong to the caller and are grouped by
 * client id, else by name, date and time; console documents name their observer and are always
 * submitted (drafts belong to the app).
 */
export async function documentsToDrafts(
  db: Q,
  docs: EntryDocument[],
  list: boolean,
  owner: DocumentOwner,
): Promise<ChecklistDraft[]> {
  const problems: string[] = [];
  const at = (i: number, message: string) => (list ? `Entry ${i + 1}: ${message}` : message);
  const accounts = owner.caller
    ? new Map()
    : await observersByEmail(
        db,
        docs.map((d) => d.observer ?? ''),
      );
  const groups = new DraftGroups();
  docs.forEach((d, i) => {
    const ref = `Entry ${i + 1}`;
    const before = problems.length;
    let observer: { id: string | null; name: string };
    if (owner.caller) observer = { id: owner.caller.id, name: d.observer ?? owner.caller.name };
    else if (!d.observer) {
      problems.push(at(i, 'observer is required (StartbirdingData[0].observer)'));
      observer = { id: null, name: '' };
    } else if (EMAIL.test(d.observer)) {
      const account = accounts.get(d.observer.toLowerCase());
      if (!account) problems.push(at(i, `observer '${d.observer}' is an email, but no account has it`));
      observer = account ?? { id: null, name: d.observer };
    } else observer = { id: null, name: d.observer };
    if (!owner.caller && d.status === 'draftchecklist') {
      problems.push(
        at(
          i,
          "status 'draftchecklist': drafts belong to the mobile app; the console adds submitted checklists",
        ),
      );
    }
    const place = resolvePlace(d);
    if (!place.ok) problems.push(at(i, place.message));
    const photo = photoOrProblem(d.photo, list ? `${ref} photo` : 'photo', problems, owner.photoHosts);
    if (problems.length > before || !place.ok) return;
    const fields = {
      name: d.checklistName,
      observerId: observer.id,
      observerName: observer.name,
      selectedDate: d.selectedDate,
      selectedTime: d.selectedTime,
      latitude: d.latitude,
      longitude: d.longitude,
      ...place.value,
      clientId: owner.caller ? (d.clientId ?? null) : null,
      submitted: owner.caller ? d.status === 'submittedchecklist' : true,
    };
    const key = fields.clientId ? `client:${fields.clientId}` : naturalKey(fields);
    const problem = groups.add(key, fields, {
      ref,
      seq: i,
      birdName: d.birdName,
      adult: d.adult,
      juvenile: d.juvenile,
      total: d.total,
      remarks: d.remarks,
      photo,
      approval: owner.caller ? undefined : d.approval,
    });
    if (problem) problems.push(problem);
  });
  refuseAll(problems);
  return groups.drafts;
}
