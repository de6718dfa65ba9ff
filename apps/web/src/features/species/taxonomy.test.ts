import { describe, expect, it } from 'vitest';
import { familiesOf, GROUPS, generaOf, ORDERS, optionsFor, taxonomyWarning } from './taxonomy';

describe('the national list taxonomy (issue 12, defect 7)', () => {
  it('offers the 23 orders and the groups of the national list', () => {
    expect(ORDERS).toHaveLength(23);
    expect(ORDERS).toContain('Bucerotiformes');
    expect(GROUPS).toContain('Hornbill');
  });

  it('narrows families to the order picked and genera to the family picked', () => {
    expect(familiesOf('Bucerotiformes')).toEqual(expect.arrayContaining(['Bucerotidae']));
    expect(familiesOf('bucerotiformes')).not.toContain('Phasianidae');
    expect(generaOf({ order: 'Galliformes', familyName: 'Phasianidae' })).toContain('Lerwa');
    expect(generaOf({ order: 'Galliformes', familyName: 'Phasianidae' })).not.toContain('Buceros');
    expect(optionsFor('familyName', {}).length).toBeGreaterThan(familiesOf('Galliformes').length);
  });

  it('warns about free entries, and only about them', () => {
    expect(taxonomyWarning('order', 'Galliformes', {})).toBeNull();
    expect(taxonomyWarning('order', 'Galiformes', {})).toBe(
      "'Galiformes' is not an order of the national list: check the spelling before saving",
    );
    expect(taxonomyWarning('familyName', 'Phasianidae', { order: 'Bucerotiformes' })).toBe(
      "'Phasianidae' is not a family of Bucerotiformes in the national list",
    );
    expect(taxonomyWarning('group', '', {})).toBeNull();
  });
});
