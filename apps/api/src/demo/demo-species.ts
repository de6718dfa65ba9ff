import type { NewSpeciesRow } from '../db/schema';

type Demo = Pick<
  NewSpeciesRow,
  | 'englishName'
  | 'scientificName'
  | 'orderName'
  | 'familyName'
  | 'genus'
  | 'speciesEpithet'
  | 'groupName'
  | 'iucnStatus'
  | 'residency'
  | 'habitat'
  | 'dzongkhaName'
>;

const bird = (
  englishName: string,
  scientificName: string,
  orderName: string,
  familyName: string,
  groupName: string,
  iucnStatus: string,
  residency: string,
  habitat: string,
  dzongkhaName?: string,
): Demo => {
  const [genus, speciesEpithet] = scientificName.split(' ');
  return {
    englishName,
    scientificName,
    orderName,
    familyName,
    genus: genus ?? null,
    speciesEpithet: speciesEpithet ?? null,
    groupName,
    iucnStatus,
    residency,
    habitat,
    dzongkhaName: dzongkhaName ?? null,
  };
};

/** Well-known birds of Bhutan, for the demo catalogue (the project's own list, not the national file). */
export const DEMO_SPECIES: Demo[] = [
  bird('Northern Raven', 'Corvus corax', 'Passeriformes', 'Corvidae', 'Crow', 'LC', 'Resident', 'High mountains and alpine meadows', 'Jarog'),
  bird('Black-necked Crane', 'Grus nigricollis', 'Gruiformes', 'Gruidae', 'Crane', 'NT', 'Winter visitor', 'High-altitude wetlands and valley farmland (Phobjikha, Bumdeling)', 'Thrung Thrung Karmo'),
  bird('White-bellied Heron', 'Ardea insignis', 'Pelecaniformes', 'Ardeidae', 'Heron', 'CR', 'Resident', 'Clear rivers with sand and gravel banks (Punatsangchhu, Mangdechhu)'),
  bird('Rufous-necked Hornbill', 'Aceros nipalensis', 'Bucerotiformes', 'Bucerotidae', 'Hornbill', 'VU', 'Resident', 'Broadleaf forest in the foothills'),
  bird('Great Hornbill', 'Buceros bicornis', 'Bucerotiformes', 'Bucerotidae', 'Hornbill', 'VU', 'Resident', 'Tall tropical forest'),
  bird('Beautiful Nuthatch', 'Sitta formosa', 'Passeriformes', 'Sittidae', 'Nuthatch', 'VU', 'Resident', 'Mossy broadleaf forest'),
  bird('Himalayan Monal', 'Lophophorus impejanus', 'Galliformes', 'Phasianidae', 'Pheasant', 'LC', 'Resident', 'Alpine meadows and rhododendron scrub'),
  bird('Satyr Tragopan', 'Tragopan satyra', 'Galliformes', 'Phasianidae', 'Pheasant', 'NT', 'Resident', 'Moist temperate forest with dense undergrowth'),
  bird('Blood Pheasant', 'Ithaginis cruentus', 'Galliformes', 'Phasianidae', 'Pheasant', 'LC', 'Resident', 'Conifer and rhododendron forest near the tree line'),
  bird('Kalij Pheasant', 'Lophura leucomelanos', 'Galliformes', 'Phasianidae', 'Pheasant', 'LC', 'Resident', 'Forest edges and scrub'),
  bird("Ward's Trogon", 'Harpactes wardi', 'Trogoniformes', 'Trogonidae', 'Trogon', 'NT', 'Resident', 'Broadleaf forest with bamboo'),
  bird("Pallas's Fish Eagle", 'Haliaeetus leucoryphus', 'Accipitriformes', 'Accipitridae', 'Eagle', 'EN', 'Passage migrant', 'Large rivers'),
  bird('Himalayan Vulture', 'Gyps himalayensis', 'Accipitriformes', 'Accipitridae', 'Vulture', 'NT', 'Resident', 'Open mountain slopes'),
  bird('Red-billed Chough', 'Pyrrhocorax pyrrhocorax', 'Passeriformes', 'Corvidae', 'Crow', 'LC', 'Resident', 'Alpine pastures and villages'),
  bird('Yellow-billed Blue Magpie', 'Urocissa flavirostris', 'Passeriformes', 'Corvidae', 'Magpie', 'LC', 'Resident', 'Temperate forest and farmland'),
  bird('Ibisbill', 'Ibidorhyncha struthersii', 'Charadriiformes', 'Ibidorhynchidae', 'Wader', 'LC', 'Winter visitor', 'Shingle beds of fast rivers'),
  bird('Crested Kingfisher', 'Megaceryle lugubris', 'Coraciiformes', 'Alcedinidae', 'Kingfisher', 'LC', 'Resident', 'Fast-flowing rivers'),
  bird('Common Kingfisher', 'Alcedo atthis', 'Coraciiformes', 'Alcedinidae', 'Kingfisher', 'LC', 'Resident', 'Streams, ponds and paddies'),
  bird('Spotted Forktail', 'Enicurus maculatus', 'Passeriformes', 'Muscicapidae', 'Forktail', 'LC', 'Resident', 'Forest streams'),
  bird('White-capped Redstart', 'Phoenicurus leucocephalus', 'Passeriformes', 'Muscicapidae', 'Redstart', 'LC', 'Altitudinal migrant', 'Rocky streams'),
  bird('Plumbeous Water Redstart', 'Phoenicurus fuliginosus', 'Passeriformes', 'Muscicapidae', 'Redstart', 'LC', 'Resident', 'Boulder-strewn rivers'),
  bird('Verditer Flycatcher', 'Eumyias thalassinus', 'Passeriformes', 'Muscicapidae', 'Flycatcher', 'LC', 'Altitudinal migrant', 'Forest edges and gardens'),
  bird('Oriental Magpie-Robin', 'Copsychus saularis', 'Passeriformes', 'Muscicapidae', 'Robin', 'LC', 'Resident', 'Gardens and villages'),
  bird('Himalayan Bulbul', 'Pycnonotus leucogenys', 'Passeriformes', 'Pycnonotidae', 'Bulbul', 'LC', 'Resident', 'Scrub and gardens'),
  bird('Red-vented Bulbul', 'Pycnonotus cafer', 'Passeriformes', 'Pycnonotidae', 'Bulbul', 'LC', 'Resident', 'Towns, farmland and scrub'),
  bird('Fire-tailed Sunbird', 'Aethopyga ignicauda', 'Passeriformes', 'Nectariniidae', 'Sunbird', 'LC', 'Altitudinal migrant', 'Rhododendron forest'),
  bird('Green-tailed Sunbird', 'Aethopyga nipalensis', 'Passeriformes', 'Nectariniidae', 'Sunbird', 'LC', 'Resident', 'Temperate forest'),
  bird('Rufous Sibia', 'Heterophasia capistrata', 'Passeriformes', 'Leiothrichidae', 'Sibia', 'LC', 'Resident', 'Oak and rhododendron forest'),
  bird('Great Barbet', 'Psilopogon virens', 'Piciformes', 'Megalaimidae', 'Barbet', 'LC', 'Resident', 'Broadleaf forest'),
  bird('Scarlet Minivet', 'Pericrocotus speciosus', 'Passeriformes', 'Campephagidae', 'Minivet', 'LC', 'Resident', 'Forest canopy'),
  bird('Bar-headed Goose', 'Anser indicus', 'Anseriformes', 'Anatidae', 'Goose', 'LC', 'Passage migrant', 'Rivers and wetlands on migration'),
  bird('Ruddy Shelduck', 'Tadorna ferruginea', 'Anseriformes', 'Anatidae', 'Duck', 'LC', 'Winter visitor', 'Wide river valleys'),
  bird('Wallcreeper', 'Tichodroma muraria', 'Passeriformes', 'Tichodromidae', 'Wallcreeper', 'LC', 'Altitudinal migrant', 'Cliffs and dzong walls'),
  bird('Grey-backed Shrike', 'Lanius tephronotus', 'Passeriformes', 'Laniidae', 'Shrike', 'LC', 'Resident', 'Open scrub and farmland'),
  bird('Black Stork', 'Ciconia nigra', 'Ciconiiformes', 'Ciconiidae', 'Stork', 'LC', 'Winter visitor', 'Rivers and marshes'),
];
