// The fixed lists of the Add/Edit species dropdowns (spec section 5): the national list's 23 orders, their
// families and genera, and its groups. taxonomy.json is generated from species_add_template.xlsx by
// scripts/taxonomy-from-xlsx.mjs (its `source` says so); free entry stays possible, with a warning.
import taxonomy from './taxonomy.json';

export type TaxonomyField = 'order' | 'familyName' | 'genus' | 'group';

interface Picked {
  order?: string | null;
  familyName?: string | null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const unique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

export const ORDERS: readonly string[] = taxonomy.orders.map((o) => o.name);
export const GROUPS: readonly string[] = taxonomy.groups;

/** The families of the order picked (all of them when none or an unlisted one is). */
export function familiesOf(order?: string | null): string[] {
  const chosen = order ? taxonomy.orders.filter((o) => same(o.name, order)) : [];
  return unique((chosen.length ? chosen : taxonomy.orders).flatMap((o) => o.families.map((f) => f.name)));
}

/** The genera of the family picked (else of the order, else all of them). */
export function generaOf({ order, familyName }: Picked): string[] {
  const families = taxonomy.orders
    .filter((o) => !order || same(o.name, order) || !ORDERS.some((n) => same(n, order)))
    .flatMap((o) => o.families);
  const chosen = familyName ? families.filter((f) => same(f.name, familyName)) : [];
  return unique((chosen.length ? chosen : families).flatMap((f) => f.genera));
}

/** The list a field offers, given what is picked above it. */
export function optionsFor(field: TaxonomyField, picked: Picked): string[] {
  if (field === 'order') return [...ORDERS];
  if (field === 'familyName') return familiesOf(picked.order);
  if (field === 'genus') return generaOf(picked);
  return [...GROUPS];
}

const NAMES: Record<TaxonomyField, string> = {
  order: 'an order',
  familyName: 'a family',
  genus: 'a genus',
  group: 'a group',
};

/** The warning for a value typed freely (not in the national list, or not under the order/family picked). */
export function taxonomyWarning(field: TaxonomyField, value: string, picked: Picked): string | null {
  if (!value.trim()) return null;
  if (optionsFor(field, picked).some((v) => same(v, value))) return null;
  const anywhere = optionsFor(field, {}).some((v) => same(v, value));
  if (anywhere && field === 'familyName')
    return `'${value.trim()}' is not a family of ${picked.order} in the national list`;
  if (anywhere && field === 'genus')
    return `'${value.trim()}' is not a genus of ${picked.familyName ?? picked.order} in the national list`;
  return `'${value.trim()}' is not ${NAMES[field]} of the national list: check the spelling before saving`;
}
