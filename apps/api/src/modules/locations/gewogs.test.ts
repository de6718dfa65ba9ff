import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalDzongkhag, DZONGKHAGS } from './dzongkhags';
import { canonicalGewog, findGewogNationally, GEWOGS, gewogKey } from './gewogs';

const OLD_APP_LIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/bhutan-locations.json',
);
type OldList = Record<string, Record<string, string[]>>;

describe('GEWOGS', () => {
  it('holds the 205 gewogs of the 20 dzongkhags, keyed by the official dzongkhag names', () => {
    expect(Object.keys(GEWOGS).sort()).toEqual(DZONGKHAGS.map((d) => d.name).sort());
    expect(Object.values(GEWOGS).flat()).toHaveLength(205);
  });

  it('never lets one spelling mean two gewogs of the same dzongkhag', () => {
    for (const [dzongkhag, list] of Object.entries(GEWOGS)) {
      const owner = new Map<string, string>();
      for (const gw of list) {
        for (const key of [gw.name, ...gw.aliases].map(gewogKey)) {
          expect(owner.get(key) ?? gw.name, `${dzongkhag}: '${key}'`).toBe(gw.name);
          owner.set(key, gw.name);
        }
      }
    }
  });

  it('maps every gewog of the old mobile app (test/fixtures) to exactly one gewog of its dzongkhag', () => {
    const old = JSON.parse(readFileSync(OLD_APP_LIST, 'utf8')) as OldList;
    const pairs = Object.entries(old).flatMap(([dz, gewogs]) =>
      Object.keys(gewogs).map((gw) => ({ dz, gw })),
    );
    expect(pairs).toHaveLength(198);
    const mapped = pairs.map(({ dz, gw }) => {
      const dzongkhag = canonicalDzongkhag(dz);
      return { dz, gw, dzongkhag, gewog: dzongkhag ? canonicalGewog(dzongkhag, gw) : undefined };
    });
    expect(mapped.filter((m) => !m.gewog)).toEqual([]);
    // One old name per official gewog: no two old names collapse into one.
    const official = new Set(mapped.map((m) => `${m.dzongkhag}/${m.gewog}`));
    expect(official.size).toBe(198);
  });

  it('matches case, spacing, a trailing "Gewog" and the usual variants', () => {
    expect(canonicalGewog('Bumthang', ' chhumey ')).toBe('Chhume');
    expect(canonicalGewog('Wangdue Phodrang', 'Gangteng gewog')).toBe('Gangtey');
    expect(canonicalGewog('Samtse', 'Namgay Chhoeling')).toBe('Namgaychhoeling');
    expect(canonicalGewog('Dagana', 'lajab')).toBe('Lajab');
    expect(canonicalGewog('Paro', 'Ura')).toBeUndefined();
  });

  it('finds a gewog nationally, preferring official names over aliases', () => {
    expect(findGewogNationally('Phobji')).toEqual([{ dzongkhag: 'Wangdue Phodrang', gewog: 'Phobji' }]);
    expect(findGewogNationally('Nichula')).toEqual([{ dzongkhag: 'Dagana', gewog: 'Nichula' }]);
    expect(
      findGewogNationally('gakiling')
        .map((h) => h.dzongkhag)
        .sort(),
    ).toEqual(['Haa', 'Sarpang']);
    expect(findGewogNationally('Atlantis')).toEqual([]);
  });
});
