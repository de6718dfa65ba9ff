/**
 * The calls the console makes, as the benchmarks replay them (bench.ts under load, explain.ts one by one
 * with each statement's plan). `kind` picks the target: lists, details and counts p95 ≤ 50 ms; analytics
 * and searches ≤ 100 ms (issue 10).
 */
export interface ConsoleCall {
  name: string;
  path: string;
  kind: 'list' | 'analytics';
}

export interface CallSamples {
  /** A submitted checklist's id (the details call). */
  checklistId: string | undefined;
  /** A birder with records: id and a word of the name (the birder filter). */
  birderId: string | undefined;
  birderWord: string;
  /** A past year with records. */
  year: number;
  /** The cursor of the entries list's page 49 (the keyset walk to page 50). */
  entriesCursor?: string;
  /** A village of a checklist (one of ~1,400 at 2 M entries: a filter matching few checklists). */
  village?: string;
}

export function consoleCalls(s: CallSamples): ConsoleCall[] {
  const { year } = s;
  return [
    { name: '/healthz', path: '/healthz', kind: 'list' },
    { name: 'counts: checklists', path: '/api/v1/checklists/get-count', kind: 'list' },
    { name: 'counts: birding sites', path: '/api/v1/checklists/analyze/birdingsites-count', kind: 'list' },
    { name: 'counts: birders', path: '/api/v1/birders-count', kind: 'list' },
    { name: 'entries, latest 5 (dashboard)', path: '/api/v1/entries?limit=5', kind: 'list' },
    { name: 'entries, first page', path: '/api/v1/entries?limit=20', kind: 'list' },
    { name: 'entries, page 50', path: '/api/v1/entries?limit=20&page=50', kind: 'list' },
    ...(s.entriesCursor
      ? [
          {
            name: 'entries, page 50 by cursor',
            path: `/api/v1/entries?limit=20&page=50&cursor=${encodeURIComponent(s.entriesCursor)}`,
            kind: 'list' as const,
          },
        ]
      : []),
    { name: 'entries, dzongkhag filter', path: '/api/v1/entries?limit=20&dzongkhag=Paro', kind: 'list' },
    // Looked up in the lists' values first (records.filters.ts): one no checklist names answers at once, a rare one
    // walks its own index (migration 0020). Before session 14 both walked every checklist in date order.
    { name: 'entries, gewog none has', path: '/api/v1/entries?limit=20&gewog=Nowhere', kind: 'list' },
    ...(s.village
      ? [
          {
            name: 'entries, village filter',
            path: `/api/v1/entries?limit=20&village=${encodeURIComponent(s.village)}`,
            kind: 'list' as const,
          },
        ]
      : []),
    { name: "entries, search 'raven'", path: '/api/v1/entries?limit=20&search=raven', kind: 'analytics' },
    // Eight names, ~100,000 entries at 2 M: a broad search (more than NARROW_SEARCH matches), walked in date order.
    { name: "entries, search 'heron'", path: '/api/v1/entries?limit=20&search=heron', kind: 'analytics' },
    // Three letters matching ~100 birders ('Sonam …') and some names: the total is the birds' and birders' summaries
    // less their overlap, counted (records.totals.ts overlapWays).
    { name: "entries, search 'son'", path: '/api/v1/entries?limit=20&search=son', kind: 'analytics' },
    // One letter: most names and most birders match (40 s before session 13).
    { name: "entries, search 'a'", path: '/api/v1/entries?limit=20&search=a', kind: 'analytics' },
    { name: 'checklists, first page', path: '/api/v1/checklists?limit=20', kind: 'list' },
    { name: 'checklists, pending only', path: '/api/v1/checklists?limit=20&pending=true', kind: 'list' },
    {
      name: 'checklists, birder filter',
      path: `/api/v1/checklists?limit=20&birder=${encodeURIComponent(s.birderWord)}`,
      kind: 'list',
    },
    { name: 'checklists, date filter', path: `/api/v1/checklists?limit=20&date=${year}-05-12`, kind: 'list' },
    {
      name: "checklists, search 'raven'",
      path: '/api/v1/checklists?limit=20&search=raven',
      kind: 'analytics',
    },
    { name: "checklists, search 'son'", path: '/api/v1/checklists?limit=20&search=son', kind: 'analytics' },
    // Names matching ~700,000 entries: 38 s before session 14 (an array of the birders' checklists searched linearly).
    { name: "checklists, search 'er'", path: '/api/v1/checklists?limit=20&search=er', kind: 'analytics' },
    { name: 'new species, first page', path: '/api/v1/newspecies?limit=20', kind: 'list' },
    { name: 'checklist details', path: `/api/v1/checklists/${s.checklistId}`, kind: 'list' },
    {
      name: 'district species (month)',
      path: `/api/v1/checklists/analyze/district-species?year=${year}&month=5`,
      kind: 'analytics',
    },
    {
      name: 'district checklists (month)',
      path: `/api/v1/checklists/analyze/district-checklists?year=${year}&month=5`,
      kind: 'analytics',
    },
    {
      name: 'species count months',
      path: '/api/v1/checklists/analyze/species-count-months',
      kind: 'analytics',
    },
    {
      name: 'district species count (year)',
      path: `/api/v1/checklists/analyze/district-species-count?year=${year}`,
      kind: 'analytics',
    },
    { name: 'birds count year', path: '/api/v1/checklists/analyze/birds-count-year', kind: 'analytics' },
    { name: 'birders, first page', path: '/api/v1/birders?limit=12', kind: 'list' },
    { name: 'top birders', path: '/api/v1/birders/top?limit=5', kind: 'list' },
    { name: 'birder detail', path: `/api/v1/birders/${s.birderId}`, kind: 'list' },
  ];
}
