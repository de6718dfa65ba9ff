import type { DzongkhagOption } from './locations.api';

export interface PlaceOption {
  value: string;
  label: string;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** The dzongkhag select's options, in alphabetical order. */
export function dzongkhagOptions(locations: readonly DzongkhagOption[] | undefined): PlaceOption[] {
  return (locations ?? [])
    .map((d) => d.name)
    .sort(byName)
    .map((name) => ({ value: name, label: name }));
}

/**
 * The gewog select's options: the gewogs of the chosen dzongkhag; with none chosen, every gewog, labelled
 * with its dzongkhag so that a name used in two dzongkhags can be told apart.
 */
export function gewogOptions(
  locations: readonly DzongkhagOption[] | undefined,
  dzongkhag: string | undefined,
): PlaceOption[] {
  const list = locations ?? [];
  if (dzongkhag) {
    const found = list.find((d) => d.name === dzongkhag);
    return [...(found?.gewogs ?? [])].sort(byName).map((g) => ({ value: g, label: g }));
  }
  const seen = new Map<string, string[]>();
  for (const d of list) for (const g of d.gewogs) seen.set(g, [...(seen.get(g) ?? []), d.name]);
  return [...seen.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([g, dzongkhags]) => ({ value: g, label: `${g} (${dzongkhags.join(', ')})` }));
}

/** The dzongkhag a gewog lies in, when exactly one has a gewog of that name. */
export function dzongkhagOfGewog(
  locations: readonly DzongkhagOption[] | undefined,
  gewog: string,
): string | undefined {
  const matches = (locations ?? []).filter((d) => d.gewogs.includes(gewog));
  return matches.length === 1 ? matches[0]?.name : undefined;
}

/** "Village, Gewog, Dzongkhag" with the missing parts left out; '' when none is known. */
export function placeText(place: {
  dzongkhag?: string | null;
  gewog?: string | null;
  village?: string | null;
}): string {
  return [place.village, place.gewog, place.dzongkhag]
    .filter((p): p is string => Boolean(p?.trim()))
    .join(', ');
}
