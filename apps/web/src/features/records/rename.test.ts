import { describe, expect, it } from 'vitest';
import { catalogueMatch, renameHint, renameProblem } from './rename';

describe('renaming a new-species report', () => {
  it("applies the API's rule to the new name", () => {
    expect(renameProblem('')).toBe('Please enter the new name');
    expect(renameProblem('  x ')).toBe('Bird name must be at least 2 characters');
    expect(renameProblem('y'.repeat(201))).toBe('Bird name must be at most 200 characters');
    expect(renameProblem('Common   Raven')).toBeNull();
  });

  it('recognises a catalogue species whatever the case and spacing', () => {
    const species = [{ englishName: 'Common Raven' }, { englishName: 'Large-billed Crow' }];
    expect(catalogueMatch(' common  raven ', species)).toEqual({ englishName: 'Common Raven' });
    expect(catalogueMatch('Raven', species)).toBeUndefined();
    expect(catalogueMatch('', species)).toBeUndefined();
  });

  it('says what a name outside the catalogue will do', () => {
    expect(renameHint('x')).toBeUndefined();
    expect(renameHint('New bird - grey one')).toMatch(/stays on the new-species list/);
    expect(renameHint('Grey Bird')).toMatch(/^Not in the species catalogue/);
  });
});
