/** The top-bar search: a non-empty query opens the species list filtered by it; blank does nothing. */
export function speciesSearchPath(query: string): string | null {
  const q = query.trim();
  return q ? `/species?${new URLSearchParams({ search: q }).toString()}` : null;
}
