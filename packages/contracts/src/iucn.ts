/** IUCN Red List categories, in the order the Red List gives them. The spec's dropdown offers CR EN LC NT VU. */
export const IUCN_STATUSES = ['EX', 'EW', 'CR', 'EN', 'VU', 'NT', 'LC', 'DD', 'NE'] as const;
export const IUCN_LABELS: Record<(typeof IUCN_STATUSES)[number], string> = {
  EX: 'Extinct',
  EW: 'Extinct in the Wild',
  CR: 'Critically Endangered',
  EN: 'Endangered',
  VU: 'Vulnerable',
  NT: 'Near Threatened',
  LC: 'Least Concern',
  DD: 'Data Deficient',
  NE: 'Not Evaluated',
};
