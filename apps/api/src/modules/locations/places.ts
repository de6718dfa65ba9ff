import { canonicalDzongkhag } from './dzongkhags';
import { canonicalGewog, findGewogNationally } from './gewogs';

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

const listNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * A place as typed (any case, spacing or usual spelling) in its canonical form, or a message
 * saying which part is not a known name. The gewog must belong to the dzongkhag; a gewog given
 * without a dzongkhag is accepted when only one dzongkhag has it, and that dzongkhag is filled in.
 * Village is free text (trimmed, spaces collapsed), never rejected.
 */
export function canonicalPlace(input: PlaceInput): PlaceResult {
  const dz = clean(input.dzongkhag);
  const gw = clean(input.gewog);
  const village = clean(input.village);
  const dzongkhag = dz ? canonicalDzongkhag(dz) : null;
  if (dz && !dzongkhag) return { ok: false, message: `'${dz}' is not a dzongkhag of Bhutan` };
  if (!gw) return { ok: true, place: { dzongkhag: dzongkhag ?? null, gewog: null, village } };
  if (dzongkhag) {
    const gewog = canonicalGewog(dzongkhag, gw);
    if (!gewog) return { ok: false, message: `'${gw}' is not a gewog of ${dzongkhag}` };
    return { ok: true, place: { dzongkhag, gewog, village } };
  }
  const hits = findGewogNationally(gw);
  const [only] = hits;
  if (!only) return { ok: false, message: `'${gw}' is not a gewog of Bhutan` };
  if (hits.length > 1) {
    const where = listNames(hits.map((h) => h.dzongkhag));
    return { ok: false, message: `'${gw}' is a gewog of ${where}: please give the dzongkhag` };
  }
  return { ok: true, place: { dzongkhag: only.dzongkhag, gewog: only.gewog, village } };
}
