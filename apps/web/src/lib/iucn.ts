import { IUCN_LABELS } from '@jarog/contracts/constants';

/** 'VU · Vulnerable': an IUCN code with its name. */
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
