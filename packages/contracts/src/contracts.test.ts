import { afterEach, describe, expect, it, vi } from 'vitest';
import topology from '../data/bhutan-dzongkhags.topo.json';
import {
  bhutanToday,
  DZONGKHAG_NAMES,
  EmailSchema,
  HASC_TO_DZONGKHAG,
  MAX_PAGE_SIZE,
  PASSWORD_RULE,
  PageQuerySchema,
  RegisterAdminBodySchema,
  recordTimeField,
  UpdateUserBodySchema,
} from './index';

describe('PageQuerySchema', () => {
  it('defaults to page 1 and the spec page size of 5', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: 5 });
  });
  it('caps limit at the maximum page size', () => {
    expect(PageQuerySchema.parse({ page: '3', limit: '100000' })).toEqual({ page: 3, limit: MAX_PAGE_SIZE });
  });
  it('rejects page 0, negatives and non-numbers', () => {
    expect(PageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ limit: '-2' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: 'two' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });
});

describe('EmailSchema', () => {
  it('trims and lower-cases', () => {
    expect(EmailSchema.parse('  Pema@Example.BT ')).toBe('pema@example.bt');
  });
  it('rejects what is not an email, with a readable message', () => {
    const r = EmailSchema.safeParse('pema');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please provide a valid email address');
  });
});

describe('RegisterAdminBodySchema', () => {
  const ok = {
    name: 'Tashi',
    email: 't@x.bt',
    userType: 'admin-user',
    password: 'abcdefgh',
    confirmPassword: 'abcdefgh',
  };
  it('accepts an admin or root user type only', () => {
    expect(RegisterAdminBodySchema.safeParse(ok).success).toBe(true);
    expect(RegisterAdminBodySchema.safeParse({ ...ok, userType: 'root-user' }).success).toBe(true);
    expect(RegisterAdminBodySchema.safeParse({ ...ok, userType: 'user' }).success).toBe(false);
  });
  it('states the password rule and the mismatch', () => {
    const short = RegisterAdminBodySchema.safeParse({ ...ok, password: 'abc', confirmPassword: 'abc' });
    expect(short.error?.issues[0]?.message).toBe(PASSWORD_RULE);
    const mismatch = RegisterAdminBodySchema.safeParse({ ...ok, confirmPassword: 'abcdefgX' });
    expect(mismatch.error?.issues[0]?.message).toBe('Passwords do not match');
    const long = 'x'.repeat(129);
    expect(RegisterAdminBodySchema.safeParse({ ...ok, password: long, confirmPassword: long }).success).toBe(
      false,
    );
  });
});

describe('UpdateUserBodySchema', () => {
  it('treats an empty password as unchanged and refuses unknown fields', () => {
    expect(UpdateUserBodySchema.parse({ password: '' })).toEqual({ password: undefined });
    expect(UpdateUserBodySchema.safeParse({ passwordHash: 'x' }).success).toBe(false);
  });
});

describe('normaliseSpeciesText', () => {
  it('collapses whitespace in one-line fields and keeps paragraphs in habitat and description', async () => {
    const { normaliseSpeciesText } = await import('./species');
    expect(normaliseSpeciesText('englishName', '  Grey \n Heron ')).toBe('Grey Heron');
    expect(normaliseSpeciesText('description', ' First  para. \r\n\r\n\r\n Second\tpara. ')).toBe(
      'First para.\n\nSecond para.',
    );
    expect(normaliseSpeciesText('habitat', '   ')).toBeNull();
  });
});

describe('recordTimeField', () => {
  it('keeps a missing or blank time missing (null), never midnight', () => {
    const time = recordTimeField('Time');
    for (const missing of [undefined, null, '', '   ']) expect(time.parse(missing)).toBeNull();
    expect(time.parse('7:30 PM')).toBe('19:30:00');
    expect(time.parse('00:00')).toBe('00:00:00');
    expect(time.safeParse('25:00').success).toBe(false);
  });
});

describe('the dzongkhags', () => {
  it('names the 20 once, A–Z, and every shape by one of them', () => {
    expect(DZONGKHAG_NAMES).toHaveLength(20);
    expect([...DZONGKHAG_NAMES]).toEqual([...DZONGKHAG_NAMES].sort());
    const ids = topology.objects.btn.geometries.map((g) => g.id);
    expect(ids.map((id) => HASC_TO_DZONGKHAG[id]).sort()).toEqual([...DZONGKHAG_NAMES]);
    expect(Object.keys(HASC_TO_DZONGKHAG).sort()).toEqual([...ids].sort());
  });
});

describe('bhutanToday', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the date at UTC+6, and follows the clock across midnight in Bhutan, forwards and back', () => {
    vi.useFakeTimers();
    // 17:59:59.999 UTC is 23:59:59.999 in Bhutan; a millisecond later it is the next day there.
    vi.setSystemTime(new Date('2025-03-04T17:59:59.999Z'));
    expect(bhutanToday()).toBe('2025-03-04');
    expect(bhutanToday()).toBe('2025-03-04');
    vi.setSystemTime(new Date('2025-03-04T18:00:00.000Z'));
    expect(bhutanToday()).toBe('2025-03-05');
    vi.setSystemTime(new Date('2025-03-05T17:59:59.999Z'));
    expect(bhutanToday()).toBe('2025-03-05');
    // A clock set back (or a test's) is followed too.
    vi.setSystemTime(new Date('2025-03-04T06:00:00.000Z'));
    expect(bhutanToday()).toBe('2025-03-04');
    vi.setSystemTime(new Date('1969-12-31T20:00:00.000Z'));
    expect(bhutanToday()).toBe('1970-01-01');
    vi.setSystemTime(new Date('1969-12-31T17:00:00.000Z'));
    expect(bhutanToday()).toBe('1969-12-31');
  });

  it('answers for a given instant without touching the day it keeps for the clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T00:00:00.000Z'));
    expect(bhutanToday()).toBe('2025-06-01');
    expect(bhutanToday(new Date('2030-01-01T19:00:00.000Z'))).toBe('2030-01-02');
    expect(bhutanToday()).toBe('2025-06-01');
  });
});
