import { isNewSpeciesName } from '@jarog/contracts';

/** The API's rule for a new bird name (EntryPatchSchema): 2 to 200 characters once spaces are tidied. */
export function renameProblem(raw: string): string | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return 'Please enter the new name';
  if (name.length < 2) return 'Bird name must be at least 2 characters';
  if (name.length > 200) return 'Bird name must be at most 200 characters';
  return null;
}

/** The catalogue species a typed name is (same English name ignoring case and spacing), if any. */
export function catalogueMatch<S extends { englishName: string }>(
  typed: string,
  species: readonly S[],
): S | undefined {
  const key = typed.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!key) return undefined;
  return species.find((s) => s.englishName.trim().replace(/\s+/g, ' ').toLowerCase() === key);
}

/**
 * What a name that is not a catalogue species will do, shown under the box: the API takes only catalogue
 * names and new-species names.
 */
export function renameHint(typed: string): string | undefined {
  const name = typed.trim();
  if (name.length < 2) return undefined;
  if (isNewSpeciesName(name)) return 'A new-species name: the entry stays on the new-species list.';
  return "Not in the species catalogue: add the species first (Add), or keep it a new-species name ('New bird - …').";
}
