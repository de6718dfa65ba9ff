import { CITES_APPENDICES, IUCN_STATUSES, RESIDENCIES, type SpeciesTextField } from '@jarog/contracts';
import { IUCN_COLORS, iucnText } from '../../lib/iucn';

/** How each species field is labelled on the details table and the forms (declared once). */
export const SPECIES_FIELD_LABELS: Record<SpeciesTextField | 'observations', string> = {
  englishName: 'English Name',
  scientificName: 'Scientific Name',
  order: 'Order',
  familyName: 'Family',
  genus: 'Genus',
  species: 'Species',
  authority: 'Authority',
  group: 'Group',
  dzongkhaName: 'Dzongkha Name',
  lhoName: 'Lho Name',
  sharName: 'Shar Name',
  khengName: 'Kheng Name',
  iucnStatus: 'IUCN Status',
  citesAppendix: 'CITES Appendix',
  bhutanSchedule: 'Bhutan Schedule',
  residency: 'Residency',
  habitat: 'Habitat',
  description: 'Description',
  observations: 'Observations',
};

/** "LC · Least Concern" for a known status, the raw value otherwise. */
export const IUCN_OPTIONS = IUCN_STATUSES.map((value) => ({ value, label: iucnText(value) }));
export const CITES_OPTIONS = CITES_APPENDICES.map((value) => ({ value, label: `Appendix ${value}` }));
export const RESIDENCY_OPTIONS = RESIDENCIES.map((value) => ({ value, label: value }));

export { IUCN_COLORS, iucnText };
