import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalDzongkhag, DZONGKHAGS } from './dzongkhags';

const OLD_APP_LIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/bhutan-locations.json',
);

describe('canonicalDzongkhag', () => {
  it('knows 20 distinct dzongkhags', () => {
    expect(new Set(DZONGKHAGS.map((d) => d.name)).size).toBe(20);
  });

  it('maps every dzongkhag of the old mobile app (test/fixtures) to an official name, one each', () => {
    const old = Object.keys(JSON.parse(readFileSync(OLD_APP_LIST, 'utf8')) as Record<string, unknown>);
    expect(old).toHaveLength(20);
    const mapped = old.map((name) => canonicalDzongkhag(name));
    expect(mapped).not.toContain(undefined);
    expect(new Set(mapped).size).toBe(20);
  });

  it('matches case, spacing and common spellings', () => {
    expect(canonicalDzongkhag('chukha')).toBe('Chhukha');
    expect(canonicalDzongkhag(' WangduePhodrang ')).toBe('Wangdue Phodrang');
    expect(canonicalDzongkhag('wangdue phodrang')).toBe('Wangdue Phodrang');
    expect(canonicalDzongkhag('Samdrupjongkhar')).toBe('Samdrup Jongkhar');
    expect(canonicalDzongkhag('Atlantis')).toBeUndefined();
  });
});
