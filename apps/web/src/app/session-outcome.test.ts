import type { CurrentUser } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import { sessionEndFor } from './api';
import { sessionOutcome } from './session-outcome';

const admin: CurrentUser = {
  id: 'u1',
  name: 'Pema',
  email: 'pema@example.bt',
  profile: null,
  userType: 'admin-user',
  isDeactivated: false,
};
const base = { token: 't', data: undefined, error: undefined, isLoading: false };

describe('the login check (spec section 4)', () => {
  it('is anonymous without a token', () => {
    expect(sessionOutcome({ ...base, token: null })).toEqual({ kind: 'anonymous' });
  });

  it("is pending while the check runs ('Loading...')", () => {
    expect(sessionOutcome({ ...base, isLoading: true })).toEqual({ kind: 'pending' });
  });

  it('keeps a valid admin signed in', () => {
    expect(sessionOutcome({ ...base, data: { valid: true, user: admin } })).toEqual({
      kind: 'signed-in',
      user: admin,
    });
    const root = { ...admin, userType: 'root-user' as const };
    expect(sessionOutcome({ ...base, data: { valid: true, user: root } })).toEqual({
      kind: 'signed-in',
      user: root,
    });
  });

  it('ends an invalid session or any failed check without a special page', () => {
    expect(sessionOutcome({ ...base, data: { valid: false, user: admin } })).toEqual({ kind: 'ended' });
    expect(
      sessionOutcome({ ...base, error: { status: 401, data: { message: 'x', code: 'UNAUTHENTICATED' } } }),
    ).toEqual({
      kind: 'ended',
    });
    expect(sessionOutcome({ ...base, error: { status: 'FETCH_ERROR', error: 'down' } })).toEqual({
      kind: 'ended',
    });
  });

  it('sends deactivated accounts to /deactivated', () => {
    const error = { status: 403, data: { message: 'Deactivated', code: 'ACCOUNT_DEACTIVATED' } };
    expect(sessionOutcome({ ...base, error })).toEqual({ kind: 'ended', redirect: { to: '/deactivated' } });
    const data = { valid: true, user: { ...admin, isDeactivated: true } };
    expect(sessionOutcome({ ...base, data })).toEqual({ kind: 'ended', redirect: { to: '/deactivated' } });
  });

  it('sends plain users to /not-admin', () => {
    const data = { valid: true, user: { ...admin, userType: 'user' as const } };
    expect(sessionOutcome({ ...base, data })).toEqual({ kind: 'ended', redirect: { to: '/not-admin' } });
  });
});

describe('a refused session on any other call', () => {
  const unauthenticated = {
    status: 401,
    data: { message: 'Your session has expired.', code: 'UNAUTHENTICATED' },
  };
  const deactivated = { status: 403, data: { message: 'Deactivated', code: 'ACCOUNT_DEACTIVATED' } };

  it('sends a 401 to /login', () => {
    expect(sessionEndFor('listAdmins', unauthenticated)).toEqual({ to: '/login' });
    expect(sessionEndFor('logout', { status: 401, data: null })).toEqual({ to: '/login' });
  });

  it('sends accounts deactivated or refused while signed in to their pages', () => {
    expect(sessionEndFor('listAdmins', deactivated)).toEqual({ to: '/deactivated' });
    expect(sessionEndFor('getUser', { status: 403, data: { message: 'x', code: 'NOT_ADMIN' } })).toEqual({
      to: '/not-admin',
    });
  });

  it('leaves the answers of login and of the login check to their pages', () => {
    for (const endpoint of ['login', 'loginSuccess', 'checkLoggedIn']) {
      expect(sessionEndFor(endpoint, unauthenticated)).toBeNull();
      expect(sessionEndFor(endpoint, deactivated)).toBeNull();
    }
  });

  it('ignores role refusals, validation errors and network failures', () => {
    expect(
      sessionEndFor('deleteUser', { status: 403, data: { message: 'Only root', code: 'FORBIDDEN' } }),
    ).toBeNull();
    expect(
      sessionEndFor('updatePassword', { status: 400, data: { message: 'Old password is incorrect' } }),
    ).toBeNull();
    expect(sessionEndFor('listAdmins', { status: 'FETCH_ERROR', error: 'down' })).toBeNull();
  });
});
