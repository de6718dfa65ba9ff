import {
  CITES_APPENDICES,
  IUCN_LABELS,
  IUCN_STATUSES,
  RESIDENCIES,
  type SpeciesTextField,
} from '@jarog/contracts';

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
export function iucnText(status: string | null | undefined): string {
  if (!status) return '';
  const label = (IUCN_LABELS as Record<string, string | undefined>)[status];
  return label ? `${status} · ${label}` : status;
}

/** Tag colours that follow the Red List's own scale, from extinct (black) to least concern (green). */
export const IUCN_COLORS: Record<string, string> = {
  EX: '#000000',
  EW: '#542344',
  CR: 'red',
  EN: 'volcano',
  VU: 'orange',
  NT: 'gold',
  LC: 'green',
  DD: 'default',
  NE: 'default',
};

export const IUCN_OPTIONS = IUCN_STATUSES.map((value) => ({ value, label: iucnText(value) }));
export const CITES_OPTIONS = CITES_APPENDICES.map((value) => ({ value, label: `Appendix ${value}` }));
export const RESIDENCY_OPTIONS = RESIDENCIES.map((value) => ({ value, label: value }));
