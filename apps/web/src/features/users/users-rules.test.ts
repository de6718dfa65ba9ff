import { RegisterAdminBodySchema } from '@jarog/contracts';
import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { speciesSearchPath } from '../../app/layout/search';
import { matchesField, zodRule } from '../../lib/form-rules';
import { ADMIN_TYPE_OPTIONS, editAdminBody, LOWERCASE_EMAIL_PATTERN } from './admin-rules';
import { centredSquare, outputSize } from './crop-image';
import { GOOGLE_ACCOUNT_REFUSAL, MISSING_USER_ID, profileSaveRefusal } from './profile-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

function validatorOf(rule: FormRule, form?: Partial<FormInstance>): Validator {
  const resolved = typeof rule === 'function' ? rule(form as FormInstance) : rule;
  if (!resolved.validator) throw new Error('rule has no validator');
  return resolved.validator as Validator;
}

describe('crop to a centred square', () => {
  it('takes the largest centred square', () => {
    expect(centredSquare(400, 300)).toEqual({ x: 50, y: 0, width: 300, height: 300 });
    expect(centredSquare(300, 500)).toEqual({ x: 0, y: 100, width: 300, height: 300 });
    expect(centredSquare(64, 64)).toEqual({ x: 0, y: 0, width: 64, height: 64 });
  });

  it('caps the output at 512 px and never goes below 1', () => {
    expect(outputSize({ x: 0, y: 0, width: 2000, height: 2000 })).toBe(512);
    expect(outputSize({ x: 0, y: 0, width: 120.4, height: 120.4 })).toBe(120);
    expect(outputSize({ x: 0, y: 0, width: 0, height: 0 })).toBe(1);
  });
});

describe('profile and password save', () => {
  it('refuses without a user id and for Google accounts, with the spec texts', () => {
    expect(profileSaveRefusal(null)).toBe(MISSING_USER_ID);
    expect(profileSaveRefusal({ id: '' })).toBe('User ID is missing. Please try again later.');
    expect(profileSaveRefusal({ id: 'u1', googleId: 'g-123' })).toBe(GOOGLE_ACCOUNT_REFUSAL);
    expect(GOOGLE_ACCOUNT_REFUSAL).toBe('You cannot update your google account');
    expect(profileSaveRefusal({ id: 'u1' })).toBeNull();
  });
});

describe('admin forms', () => {
  it('offers the two admin types', () => {
    expect(ADMIN_TYPE_OPTIONS.map((o) => o.value)).toEqual(['admin-user', 'root-user']);
  });

  it('accepts only lowercase emails on edit', () => {
    expect(LOWERCASE_EMAIL_PATTERN.test('tashi.d+1@moaf.gov.bt')).toBe(true);
    expect(LOWERCASE_EMAIL_PATTERN.test('Tashi@moaf.gov.bt')).toBe(false);
    expect(LOWERCASE_EMAIL_PATTERN.test('tashi@localhost')).toBe(false);
    expect(LOWERCASE_EMAIL_PATTERN.test('not an email')).toBe(false);
  });

  it('sends the account status as isDeactivated and the password only when typed', () => {
    const values = {
      name: 'Tashi',
      email: 't@x.bt',
      userType: 'admin-user' as const,
      status: 'deactivated' as const,
    };
    expect(editAdminBody({ ...values, password: '' })).toEqual({
      name: 'Tashi',
      email: 't@x.bt',
      userType: 'admin-user',
      isDeactivated: true,
    });
    expect(editAdminBody({ ...values, status: 'activated', password: 'new-password' })).toMatchObject({
      isDeactivated: false,
      password: 'new-password',
    });
  });

  it("validates fields with the contracts' own rules and words", async () => {
    const password = validatorOf(zodRule(RegisterAdminBodySchema.shape.password));
    await expect(password({}, 'short')).rejects.toThrow('Password must be 8 to 128 characters long');
    await expect(password({}, 'long enough')).resolves.toBeUndefined();
    // Empty is left to the `required` rule.
    await expect(password({}, '')).resolves.toBeUndefined();
    const email = validatorOf(zodRule(RegisterAdminBodySchema.shape.email));
    await expect(email({}, 'nope')).rejects.toThrow('Please provide a valid email address');
  });

  it('checks that the confirmation matches', async () => {
    const confirm = validatorOf(matchesField('password'), { getFieldValue: () => 'secret-123' });
    await expect(confirm({}, 'secret-123')).resolves.toBeUndefined();
    await expect(confirm({}, 'secret-124')).rejects.toThrow('Passwords do not match');
  });
});

describe('top-bar search', () => {
  it('opens the species list filtered by a non-empty query', () => {
    expect(speciesSearchPath('  Black-necked crane ')).toBe('/species?search=Black-necked+crane');
    expect(speciesSearchPath('   ')).toBeNull();
  });
});
