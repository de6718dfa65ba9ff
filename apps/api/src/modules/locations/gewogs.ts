import { DZONGKHAGS, locationKey } from './dzongkhags';

export interface GewogDef {
  /** The spelling Jarog stores and shows. */
  name: string;
  /** Other spellings people, older lists and the old mobile app use; matched within the dzongkhag. */
  aliases: readonly string[];
}

const g = (name: string, ...aliases: string[]): GewogDef => ({ name, aliases });

/**
 * Bhutan's 205 gewogs by dzongkhag (public facts). Official sources (the Election Commission, the
 * National Statistics Bureau, each dzongkhag's administration) do not spell every name the same way:
 * the canonical name is the commonest official spelling, the others are aliases.
 */
export const GEWOGS: Readonly<Record<string, readonly GewogDef[]>> = {
  Bumthang: [
    g('Chhoekhor', 'Choekhor', 'Chokhor', 'Chhokhor'),
    g('Chhume', 'Chhumey', 'Chumey', 'Chume', 'Chhumig'),
    g('Tang'),
    g('Ura'),
  ],
  Chhukha: [
    g('Bjachho', 'Bjagchhog', 'Bjachhog', 'Bjabcho'),
    g('Bongo'),
    g('Chapcha', 'Chapchha'),
    g('Darla'),
    g('Dungna', 'Doongna'),
    g('Geling'),
    g('Getana', 'Getena'),
    g('Lokchina', 'Logchina'),
    g('Metakha'),
    g('Phuentsholing', 'Phuntsholing', 'Phuentshogling'),
    g('Sampheling', 'Samphelling', 'Bhalujhora'),
  ],
  Dagana: [
    // Deorali is the gewog's former name, still used by the old mobile app.
    g('Dorona', 'Deorali'),
    g('Drujegang', 'Drujeygang', 'Drujeegang'),
    g('Gesarling'),
    g('Gozhi', 'Goshi'),
    g('Kana'),
    g('Karmaling'),
    g('Khebisa', 'Khipisa'),
    g('Lajab', 'Lajap'),
    g('Lhamoi Zingkha', 'Lhamoy Zingkha', 'Lamoizingkha', 'Lhamoizingkha'),
    g('Nichula'),
    g('Tashiding', 'Trashiding'),
    g('Tsangkha'),
    g('Tsendagang', 'Tsenda-Gang'),
    g('Tseza', 'Tsezha'),
  ],
  Gasa: [g('Khamaed', 'Khamed', 'Khamoed'), g('Khatoe', 'Khatoed', 'Khatey'), g('Laya'), g('Lunana')],
  Haa: [
    g('Bji'),
    g('Gakiling', 'Gakidling'),
    g('Katsho', 'Kartsho'),
    g('Samar'),
    g('Sangbaykha', 'Sangbay', 'Sangbey'),
    g('Uesu', 'Eusu', 'Isuu'),
  ],
  Lhuentse: [
    g('Gangzur'),
    g('Jarey', 'Jaray'),
    g('Khoma'),
    g('Kurtoe', 'Kurtoed', 'Kurtoi'),
    g('Menbi', 'Menbe'),
    g('Metsho'),
    g('Minjey', 'Minjay', 'Minje'),
    g('Tsenkhar'),
  ],
  Mongar: [
    g('Balam'),
    g('Chaskhar'),
    g('Chhali', 'Chali'),
    g('Drametse', 'Drametsi'),
    g('Drepong', 'Drepung'),
    g('Gongdue'),
    g('Jurmey', 'Jurme'),
    g('Kengkhar'),
    g('Mongar', 'Monggar'),
    g('Narang'),
    g('Ngatshang'),
    g('Saleng', 'Saling'),
    g('Sherimuhung', 'Shermuhoong', 'Sherimung', 'Shermuhung'),
    g('Silambi'),
    g('Thangrong'),
    g('Tsakaling'),
    g('Tsamang'),
  ],
  Paro: [
    g('Dogar', 'Dokar'),
    g('Dopshari', 'Dopshar-ri'),
    g('Doteng'),
    g('Hungrel'),
    g('Lamgong'),
    g('Lungnyi'),
    g('Naja'),
    g('Shaba', 'Shapa'),
    g('Tsento'),
    g('Wangchang'),
  ],
  Pemagatshel: [
    g('Chhimung', 'Chimoong', 'Chimung', 'Chhimoong'),
    g('Choekhorling', 'Chokhorling', 'Chhoekhorling'),
    g('Chongshing', 'Chongshing Borang'),
    g('Dechheling', 'Decheling'),
    g('Dungmaed', 'Dungmin', 'Dungmaen'),
    g('Khar'),
    g('Nanong'),
    g('Norbugang'),
    g('Shumar'),
    g('Yurung'),
    g('Zobel'),
  ],
  Punakha: [
    g('Barp'),
    g('Chhubu', 'Chhubug', 'Chubu'),
    g('Dzomi', 'Dzomo'),
    g('Goenshari', 'Gumshari'),
    g('Guma'),
    g('Kabisa', 'Kabjisa'),
    g('Lingmukha'),
    g('Shenga Bjime', 'Shenga', 'Shengana'),
    g('Talo', 'Talog', 'Talong'),
    g('Toepisa', 'Toebesa', 'Toedpaisa'),
    g('Toewang', 'Toedwang'),
  ],
  'Samdrup Jongkhar': [
    g('Dewathang'),
    g('Gomdar'),
    g('Langchenphu'),
    g('Lauri'),
    g('Martshala'),
    g('Orong'),
    g('Pemathang'),
    g('Phuntshothang', 'Phuentshothang'),
    g('Samrang'),
    g('Serthi', 'Serthig'),
    g('Wangphu'),
  ],
  Samtse: [
    g('Denchukha', 'Denchhukha'),
    g('Dophuchen', 'Dophoogchen', 'Dophuchhen'),
    g('Dorokha'),
    g('Dungtoe', 'Dungtoed', 'Dumtoe'),
    g('Namgaychhoeling', 'Namgay Chhoeling', 'Namgyalchhoeling'),
    g('Norgaygang'),
    g('Pemaling'),
    g('Phuentshogpelri', 'Phuntshog Pelri', 'Phuntshopelri'),
    g('Samtse'),
    g('Sangngagchhoeling', 'Sang-Ngag-Chhoeling', 'Sangngag Chhoeling'),
    g('Tading'),
    g('Tashichhoeling', 'Trashichhoeling'),
    g('Tendruk', 'Tendu'),
    g('Ugyentse', 'Ugentse'),
    g('Yoeseltse'),
  ],
  Sarpang: [
    g('Chhudzom', 'Chudzom'),
    g('Chhuzagang', 'Chuzagang'),
    g('Dekiling', 'Dekidling'),
    g('Gakiling', 'Gakidling'),
    g('Gelephu', 'Gelegphu'),
    g('Jigmechhoeling', 'Jigme Chhoeling', 'Jigmecholing'),
    g('Samtenling'),
    g('Senge', 'Senggey', 'Singye'),
    g('Serzhong', 'Sherzhong', 'Sherxhong'),
    g('Shompangkha'),
    g('Tareythang', 'Tarethang'),
    g('Umling'),
  ],
  Thimphu: [
    g('Chang'),
    g('Dagala', 'Darkala'),
    g('Genye', 'Geney', 'Ge-nyen', 'Genekha'),
    g('Kawang'),
    g('Lingzhi', 'Lingshi'),
    g('Mewang'),
    g('Naro'),
    g('Soe'),
  ],
  Trashigang: [
    g('Bartsham'),
    g('Bidung'),
    g('Kanglung'),
    g('Kangpara'),
    g('Khaling'),
    g('Lumang'),
    g('Merak'),
    g('Phongmey', 'Phongmed', 'Phongme'),
    g('Radhi', 'Radi'),
    g('Sakteng', 'Sekteng'),
    g('Samkhar'),
    g('Shongphu', 'Shongphoog'),
    g('Thrimshing'),
    g('Uzorong'),
    g('Yangnyer', 'Yangneer'),
  ],
  Trashiyangtse: [
    g('Bumdeling'),
    g('Jamkhar'),
    g('Khamdang'),
    g('Ramjar'),
    g('Toetsho', 'Toedtsho'),
    g('Tomzhangtshen', 'Tomzhang', 'Tomizhangtshen'),
    g('Yalang'),
    g('Yangtse'),
  ],
  Trongsa: [
    g('Drakteng', 'Dragteng', 'Draagteng'),
    g('Korphu', 'Korphoog'),
    g('Langthil'),
    g('Nubi'),
    g('Tangsibji'),
  ],
  Tsirang: [
    g('Barshong'),
    g('Dunglagang', 'Dunglegang'),
    g('Gosarling'),
    g('Kikhorthang'),
    g('Mendrelgang'),
    g('Patshaling'),
    g('Phuentenchhu', 'Phuntenchu', 'Phuentenchu'),
    g('Rangthangling'),
    g('Semjong'),
    g('Sergithang'),
    g('Tsholingkhar'),
    g('Tsirangtoe', 'Tsirangtoed'),
  ],
  'Wangdue Phodrang': [
    g('Athang'),
    g('Bjena', 'Bjendag', 'Bjenag'),
    g('Dangchu'),
    g('Darkar', 'Daga', 'Dargar'),
    g('Gangtey', 'Gangteng', 'Gangte'),
    g('Gasetsho Gongma', 'Gase Tshogongm', 'Gasetsho Gom', 'Gasa Tshogom'),
    g('Gasetsho Wogma', 'Gase Tshowogm', 'Gasetsho Om', 'Gasetsho Wom'),
    g('Kazhi'),
    g('Nahi'),
    g('Nyisho'),
    g('Phangyuel', 'Phangyul'),
    g('Phobji'),
    g('Ruebisa', 'Ruepisa', 'Rubesa'),
    g('Sephu'),
    g('Thedtsho'),
  ],
  Zhemgang: [
    g('Bardo'),
    g('Bjoka'),
    g('Goshing'),
    g('Nangkor'),
    // The old mobile app lists Zhemgang's Ngangla as 'Nichula' (a Dagana gewog): read as Ngangla there only.
    g('Ngangla', 'Nichula'),
    g('Phangkhar', 'Pangkhar'),
    g('Shingkhar'),
    g('Trong'),
  ],
};

/** Like `locationKey`, and a trailing 'gewog' is ignored ('Ura Gewog' is Ura). */
export const gewogKey = (name: string): string => locationKey(name).replace(/gewog$/, '');

/** Within each dzongkhag: gewog key (official name or alias) → official name. */
const BY_DZONGKHAG = new Map<string, Map<string, string>>(
  DZONGKHAGS.map((d) => [
    d.name,
    new Map(
      (GEWOGS[d.name] ?? []).flatMap((gw) =>
        [gw.name, ...gw.aliases].map((n) => [gewogKey(n), gw.name] as const),
      ),
    ),
  ]),
);

interface NationalHit {
  dzongkhag: string;
  gewog: string;
}
const byKey = (official: boolean): Map<string, NationalHit[]> => {
  const map = new Map<string, NationalHit[]>();
  for (const [dzongkhag, list] of Object.entries(GEWOGS)) {
    for (const gw of list) {
      const names = official ? [gw.name] : gw.aliases;
      for (const key of new Set(names.map(gewogKey))) {
        map.set(key, [...(map.get(key) ?? []), { dzongkhag, gewog: gw.name }]);
      }
    }
  }
  return map;
};
const NATIONAL_OFFICIAL = byKey(true);
const NATIONAL_ALIAS = byKey(false);

/** The official name of a gewog of `dzongkhag` (an official dzongkhag name), or undefined. */
export function canonicalGewog(dzongkhag: string, input: string): string | undefined {
  return BY_DZONGKHAG.get(dzongkhag)?.get(gewogKey(input));
}

/**
 * Every gewog of Bhutan a name can mean when no dzongkhag is given: official names first, so
 * 'Nichula' is Dagana's even though the old app also used it for Zhemgang's Ngangla.
 */
export function findGewogNationally(input: string): NationalHit[] {
  const key = gewogKey(input);
  const official = NATIONAL_OFFICIAL.get(key);
  if (official) return official;
  return NATIONAL_ALIAS.get(key) ?? [];
}
