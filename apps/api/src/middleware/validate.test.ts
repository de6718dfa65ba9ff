import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { parse } from './validate';

describe('parse', () => {
  const Schema = z.object({ name: z.string().min(2, 'Name is too short'), age: z.number() }).strict();

  it('returns the parsed value', () => {
    expect(parse(Schema, { name: 'Pema', age: 3 })).toEqual({ name: 'Pema', age: 3 });
  });

  it('throws a 400 AppError naming the field when the message does not, and listing details', () => {
    try {
      parse(Schema, { name: 'P', age: 'x', extra: 1 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.status).toBe(400);
      expect(e.message).toContain('Name is too short');
      expect(e.message).toMatch(/age: Invalid input/);
      expect(e.message).toContain('Unknown field: extra');
      expect(e.details).toEqual(expect.arrayContaining([{ path: 'name', message: 'Name is too short' }]));
    }
  });
});
