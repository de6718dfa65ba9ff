import topology from '@jarog/contracts/bhutan-dzongkhags.topo.json';
import { DZONGKHAG_NAMES, HASC_TO_DZONGKHAG } from '@jarog/contracts/constants';
import { describe, expect, it } from 'vitest';
import { buildBhutanMap } from './bhutan-geo';

describe('the map of Bhutan', () => {
  const map = buildBhutanMap(topology, HASC_TO_DZONGKHAG);
  const at = (name: string) => {
    const shape = map.shapes.find((s) => s.name === name);
    if (!shape) throw new Error(`no ${name}`);
    return shape.labelAt;
  };

  it('draws each of the 20 dzongkhags once, under its official name', () => {
    expect(map.shapes.map((s) => s.name)).toEqual(DZONGKHAG_NAMES);
    for (const s of map.shapes) expect(s.path).toMatch(/^M[\d.,L]+Z/);
  });

  it('is wider than tall, as Bhutan is, and keeps every label inside the drawing', () => {
    expect(map.height).toBeGreaterThan(map.width * 0.35);
    expect(map.height).toBeLessThan(map.width * 0.7);
    for (const { labelAt } of map.shapes) {
      expect(labelAt[0]).toBeGreaterThan(0);
      expect(labelAt[0]).toBeLessThan(map.width);
      expect(labelAt[1]).toBeGreaterThan(0);
      expect(labelAt[1]).toBeLessThan(map.height);
    }
  });

  it('puts places where they lie: Haa west of Thimphu west of Trashigang, Gasa north of Sarpang', () => {
    expect(at('Haa')[0]).toBeLessThan(at('Thimphu')[0]);
    expect(at('Thimphu')[0]).toBeLessThan(at('Trashigang')[0]);
    expect(at('Gasa')[1]).toBeLessThan(at('Sarpang')[1]);
    expect(at('Lhuentse')[1]).toBeLessThan(at('Samdrup Jongkhar')[1]);
  });
});
