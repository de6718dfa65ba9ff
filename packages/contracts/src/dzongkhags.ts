/**
 * Bhutan's 20 dzongkhags in their official spelling, as the records store them, A–Z: the one list every
 * part of Jarog names them from (the API's place matching adds the spellings people type; the review
 * pages' filters and the map use it as it is).
 */
export const DZONGKHAG_NAMES = [
  'Bumthang',
  'Chhukha',
  'Dagana',
  'Gasa',
  'Haa',
  'Lhuentse',
  'Mongar',
  'Paro',
  'Pemagatshel',
  'Punakha',
  'Samdrup Jongkhar',
  'Samtse',
  'Sarpang',
  'Thimphu',
  'Trashigang',
  'Trashiyangtse',
  'Trongsa',
  'Tsirang',
  'Wangdue Phodrang',
  'Zhemgang',
] as const;
export type DzongkhagName = (typeof DZONGKHAG_NAMES)[number];

/**
 * The dzongkhag shapes' ids (Natural Earth's HASC codes, in `data/bhutan-dzongkhags.topo.json`, imported
 * as `@jarog/contracts/bhutan-dzongkhags.topo.json`) → the official names. The shapes' own `name`
 * properties are Natural Earth's older spellings ('Wangdi Phodrang', 'Geylegphug'): never shown.
 */
export const HASC_TO_DZONGKHAG: Readonly<Record<string, DzongkhagName>> = {
  'BT.BU': 'Bumthang',
  'BT.CK': 'Chhukha',
  'BT.DA': 'Dagana',
  'BT.GA': 'Gasa',
  'BT.HA': 'Haa',
  'BT.LH': 'Lhuentse',
  'BT.MO': 'Mongar',
  'BT.PR': 'Paro',
  'BT.PM': 'Pemagatshel',
  'BT.PN': 'Punakha',
  'BT.SJ': 'Samdrup Jongkhar',
  'BT.SM': 'Samtse',
  'BT.GE': 'Sarpang',
  'BT.TM': 'Thimphu',
  'BT.TA': 'Trashigang',
  'BT.TY': 'Trashiyangtse',
  'BT.TO': 'Trongsa',
  'BT.CR': 'Tsirang',
  'BT.WP': 'Wangdue Phodrang',
  'BT.SG': 'Zhemgang',
};
