import topology from '@jarog/contracts/bhutan-dzongkhags.topo.json';
import { DZONGKHAG_NAMES, HASC_TO_DZONGKHAG } from '@jarog/contracts/constants';
import { describe, expect, it } from 'vitest';
import { buildBhutanMap } from '../src/features/insight/map/bhutan-geo';
import { bhutanMap } from '../vite.bhutan-map-plugin';

type Hook = (id: string) => string | undefined;
const hook = (h: unknown) => (typeof h === 'function' ? h : (h as { handler: Hook }).handler) as Hook;

describe('the map drawn at build time (virtual:bhutan-map)', () => {
  it('is the module the console imports, holding the drawing buildBhutanMap makes of the boundaries', () => {
    const plugin = bhutanMap();
    const id = hook(plugin.resolveId)('virtual:bhutan-map');
    expect(id).toBe('\0virtual:bhutan-map');
    expect(hook(plugin.resolveId)('./other')).toBeUndefined();
    const source = hook(plugin.load)(id as string) ?? '';
    const prefix = 'export default ';
    expect(source.startsWith(prefix)).toBe(true);
    const drawn = JSON.parse(source.slice(prefix.length).trim().replace(/;$/, ''));
    expect(drawn).toEqual(buildBhutanMap(topology, HASC_TO_DZONGKHAG));
    expect(drawn.shapes.map((s: { name: string }) => s.name)).toEqual(DZONGKHAG_NAMES);
    expect(hook(plugin.load)('/src/other.ts')).toBeUndefined();
  });
});
