import { canonicalDzongkhag } from './dzongkhags';

export interface PlaceInput {
  dzongkhag?: string | null;
  gewog?: string | null;
  village?: string | null;
}
export interface Place {
  dzongkhag: string | null;
  gewog: string | null;
  village: string | null;
}
export type PlaceResult = { ok: true; place: Place } | { ok: false; message: string };

const clean = (s: string | null | undefined): string | null => {
  const t = s?.trim().replace(/\s+/g, ' ');
  return t ? t : null;
};

/**
 * A place as typed (any case, spacing or usual spelling) in its canonical form, or a message
 * saying which part is not a known name. Village is free text (trimmed, spaces collapsed).
 * STUB: gewogs are passed through until the gewog reference list lands.
 */
export function canonicalPlace(input: PlaceInput): PlaceResult {
  const dz = clean(input.dzongkhag);
  const dzongkhag = dz ? canonicalDzongkhag(dz) : null;
  if (dz && !dzongkhag) return { ok: false, message: `'${dz}' is not a dzongkhag of Bhutan` };
  return {
    ok: true,
    place: { dzongkhag: dzongkhag ?? null, gewog: clean(input.gewog), village: clean(input.village) },
  };
}
