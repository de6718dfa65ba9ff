import { type ApprovalStatus, type ChecklistGroup, type Entry, isNewSpeciesName } from '@jarog/contracts';

/** How many entries wait for review, were approved and were rejected. */
export function approvalCounts(
  entries: readonly Pick<Entry, 'Approvedstatus'>[],
): Record<ApprovalStatus, number> {
  const counts: Record<ApprovalStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const e of entries) counts[e.Approvedstatus] += 1;
  return counts;
}

/**
 * The bulk review call for checklists chosen in a list. A checklist id covers the entries the checklists
 * list shows but not a checklist's new-species reports, so the new-species list names its entries instead.
 */
export function bulkTargets(
  kind: 'checklists' | 'newspecies',
  groups: readonly ChecklistGroup[],
  selected: readonly string[],
): { checklistIds: string[] } | { entryIds: string[] } {
  const chosen = new Set(selected);
  if (kind === 'checklists')
    return { checklistIds: groups.filter((g) => chosen.has(g.checklistId)).map((g) => g.checklistId) };
  return {
    entryIds: groups.filter((g) => chosen.has(g.checklistId)).flatMap((g) => g.entries.map((e) => e._id)),
  };
}

/** The entries a details page lists: all of a checklist's, or only its new-species reports. */
export function shownEntries<E extends Pick<Entry, 'BirdName'>>(
  kind: 'checklist' | 'newspecies',
  entries: readonly E[],
): E[] {
  return kind === 'newspecies' ? entries.filter((e) => isNewSpeciesName(e.BirdName)) : [...entries];
}

/** Selected row keys that are still on screen (after a refresh or a rename some may have gone). */
export function keepVisible(selected: readonly string[], visible: readonly string[]): string[] {
  const shown = new Set(visible);
  const kept = selected.filter((k) => shown.has(k));
  return kept.length === selected.length ? (selected as string[]) : kept;
}
