/** Where a dzongkhag leads: its checklists (the checklists list reads `?dzongkhag=` as its filter). */
export const checklistsOf = (dzongkhag: string): string =>
  `/checklists?dzongkhag=${encodeURIComponent(dzongkhag)}`;
