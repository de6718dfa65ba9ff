import { DZONGKHAG_NAMES, type DzongkhagName } from '@jarog/contracts';

/**
 * The variants people and the old mobile app type for each of Bhutan's 20 dzongkhags (districts). The
 * official names themselves are the one list in contracts (DZONGKHAG_NAMES); a name missing here, or
 * one that is not in that list, does not compile.
 */
const ALIASES: Readonly<Record<DzongkhagName, readonly string[]>> = {
  Bumthang: ['Bumtang'],
  Chhukha: ['Chukha', 'Chhuka'],
  Dagana: ['Daga'],
  Gasa: [],
  Haa: ['Ha'],
  Lhuentse: ['Lhuntse', 'Lhuntshi', 'Lhuntsi'],
  Mongar: ['Monggar'],
  Paro: [],
  Pemagatshel: ['Pemagatsel', 'Pema Gatshel'],
  Punakha: [],
  'Samdrup Jongkhar': ['Samdrupjongkhar', 'S/Jongkhar', 'Samdrup Jongkar'],
  Samtse: ['Samchi'],
  Sarpang: ['Sarbhang'],
  Thimphu: ['Thimpu'],
  Trashigang: ['Tashigang'],
  Trashiyangtse: ['Trashi Yangtse', 'Tashiyangtse', 'Tashi Yangtse'],
  Trongsa: ['Tongsa'],
  Tsirang: ['Chirang'],
  'Wangdue Phodrang': ['WangduePhodrang', 'Wangdi Phodrang', 'Wangdiphodrang', 'Wangdue'],
  Zhemgang: ['Shemgang'],
};

/** Bhutan's 20 dzongkhags in their official spelling (A–Z), each with the variants people type. */
export const DZONGKHAGS: readonly { name: DzongkhagName; aliases: readonly string[] }[] = DZONGKHAG_NAMES.map(
  (name) => ({ name, aliases: ALIASES[name] }),
);

/** Letters only, lower-case: 'Wangdue Phodrang', 'WangduePhodrang' and 'wangdue-phodrang ' compare equal. */
export const locationKey = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');

const BY_KEY = new Map<string, string>(
  DZONGKHAGS.flatMap((d) => [d.name, ...d.aliases].map((n) => [locationKey(n), d.name] as const)),
);

/** The official name of a dzongkhag typed any usual way, or undefined when it is not one. */
export function canonicalDzongkhag(input: string): string | undefined {
  return BY_KEY.get(locationKey(input));
}
