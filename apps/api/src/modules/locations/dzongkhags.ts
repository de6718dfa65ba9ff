/**
 * Bhutan's 20 dzongkhags (districts) in their official spelling, with the variants people and the
 * old mobile app type. Public facts kept by the project; gewogs follow in the records issue.
 */
export const DZONGKHAGS: readonly { name: string; aliases: readonly string[] }[] = [
  { name: 'Bumthang', aliases: ['Bumtang'] },
  { name: 'Chhukha', aliases: ['Chukha', 'Chhuka'] },
  { name: 'Dagana', aliases: ['Daga'] },
  { name: 'Gasa', aliases: [] },
  { name: 'Haa', aliases: ['Ha'] },
  { name: 'Lhuentse', aliases: ['Lhuntse', 'Lhuntshi', 'Lhuntsi'] },
  { name: 'Mongar', aliases: ['Monggar'] },
  { name: 'Paro', aliases: [] },
  { name: 'Pemagatshel', aliases: ['Pemagatsel', 'Pema Gatshel'] },
  { name: 'Punakha', aliases: [] },
  { name: 'Samdrup Jongkhar', aliases: ['Samdrupjongkhar', 'S/Jongkhar', 'Samdrup Jongkar'] },
  { name: 'Samtse', aliases: ['Samchi'] },
  { name: 'Sarpang', aliases: ['Sarbhang'] },
  { name: 'Thimphu', aliases: ['Thimpu'] },
  { name: 'Trashigang', aliases: ['Tashigang'] },
  { name: 'Trashiyangtse', aliases: ['Trashi Yangtse', 'Tashiyangtse', 'Tashi Yangtse'] },
  { name: 'Trongsa', aliases: ['Tongsa'] },
  { name: 'Tsirang', aliases: ['Chirang'] },
  { name: 'Wangdue Phodrang', aliases: ['WangduePhodrang', 'Wangdi Phodrang', 'Wangdiphodrang', 'Wangdue'] },
  { name: 'Zhemgang', aliases: ['Shemgang'] },
];

/** Letters only, lower-case: 'Wangdue Phodrang', 'WangduePhodrang' and 'wangdue-phodrang ' compare equal. */
export const locationKey = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');

const BY_KEY = new Map<string, string>(
  DZONGKHAGS.flatMap((d) => [d.name, ...d.aliases].map((n) => [locationKey(n), d.name] as const)),
);

/** The official name of a dzongkhag typed any usual way, or undefined when it is not one. */
export function canonicalDzongkhag(input: string): string | undefined {
  return BY_KEY.get(locationKey(input));
}
