/**
 * Rough centre of each dzongkhag (degrees) and a spread that keeps points near or inside it. For
 * demo and synthetic records only: where a made-up checklist plausibly sits on a map.
 */
export const DZONGKHAG_CENTRES: Readonly<Record<string, { lat: number; lon: number; spread: number }>> = {
  Bumthang: { lat: 27.65, lon: 90.75, spread: 0.12 },
  Chhukha: { lat: 27.0, lon: 89.55, spread: 0.1 },
  Dagana: { lat: 27.0, lon: 89.9, spread: 0.08 },
  Gasa: { lat: 28.0, lon: 89.75, spread: 0.12 },
  Haa: { lat: 27.3, lon: 89.2, spread: 0.08 },
  Lhuentse: { lat: 27.75, lon: 91.15, spread: 0.1 },
  Mongar: { lat: 27.25, lon: 91.15, spread: 0.1 },
  Paro: { lat: 27.5, lon: 89.35, spread: 0.08 },
  Pemagatshel: { lat: 27.0, lon: 91.4, spread: 0.06 },
  Punakha: { lat: 27.7, lon: 89.85, spread: 0.06 },
  'Samdrup Jongkhar': { lat: 26.95, lon: 91.6, spread: 0.1 },
  Samtse: { lat: 27.0, lon: 89.05, spread: 0.08 },
  Sarpang: { lat: 26.95, lon: 90.35, spread: 0.1 },
  Thimphu: { lat: 27.55, lon: 89.6, spread: 0.08 },
  Trashigang: { lat: 27.3, lon: 91.7, spread: 0.1 },
  Trashiyangtse: { lat: 27.7, lon: 91.5, spread: 0.08 },
  Trongsa: { lat: 27.4, lon: 90.5, spread: 0.08 },
  Tsirang: { lat: 27.0, lon: 90.15, spread: 0.05 },
  'Wangdue Phodrang': { lat: 27.4, lon: 90.1, spread: 0.1 },
  Zhemgang: { lat: 27.05, lon: 90.75, spread: 0.1 },
};
