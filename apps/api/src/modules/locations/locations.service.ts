import {
  type LocationsResponse,
  MAX_VILLAGE_SUGGESTIONS,
  type VillageSuggestionsQuery,
  type VillageSuggestionsResponse,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { DZONGKHAGS } from './dzongkhags';
import { GEWOGS } from './gewogs';
import { locationsRepository as repo } from './locations.repository';
import { canonicalPlace } from './places';

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** Built once: the list only changes with a release. */
const LOCATIONS: LocationsResponse = {
  dzongkhags: DZONGKHAGS.map((d) => d.name)
    .sort(byName)
    .map((name) => ({ name, gewogs: (GEWOGS[name] ?? []).map((g) => g.name).sort(byName) })),
};

/** The 20 dzongkhags with their gewogs, official spellings, alphabetical. */
export function listLocations(): LocationsResponse {
  return LOCATIONS;
}

/**
 * Village names already used in records of a dzongkhag (and gewog), for the pickers. The place is
 * read like any typed place (case, spacing, variants); an unknown one is a 400 naming it.
 * Submitted checklists count for everyone, drafts only for their own birder.
 */
export async function suggestVillages(
  ctx: AppContext,
  viewer: UserRow,
  q: VillageSuggestionsQuery,
): Promise<VillageSuggestionsResponse> {
  const place = canonicalPlace({ dzongkhag: q.dzongkhag, gewog: q.gewog });
  if (!place.ok) throw new AppError('VALIDATION', place.message);
  const dzongkhag = place.place.dzongkhag ?? q.dzongkhag;
  const villages = await repo.villages(ctx.database.db, {
    dzongkhag,
    gewog: place.place.gewog,
    q: q.q,
    viewerId: viewer.id,
    limit: MAX_VILLAGE_SUGGESTIONS,
  });
  return { dzongkhag, gewog: place.place.gewog, villages };
}
