import { describe, expect, it } from 'vitest';
import { isUuid, newRowId } from './ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The Unix time in milliseconds a version 7 UUID carries in its first 48 bits. */
const msOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('newRowId', () => {
  it('makes lowercase version 7 UUIDs carrying the current time, all different across many pool refills', () => {
    const before = Date.now();
    // 256 ids per refill of the random pool: 2,000 ids cross it several times.
    const ids = Array.from({ length: 2000 }, () => newRowId());
    const after = Date.now();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(V7);
      expect(isUuid(id)).toBe(true);
      expect(msOf(id)).toBeGreaterThanOrEqual(before);
      expect(msOf(id)).toBeLessThanOrEqual(after);
    }
    // Random bits differ between neighbours (each id takes its own 16 bytes of the pool).
    const tails = new Set(ids.map((id) => id.slice(-12)));
    expect(tails.size).toBe(ids.length);
  });
});
