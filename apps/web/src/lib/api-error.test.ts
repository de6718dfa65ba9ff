import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage, errorStatus, NETWORK_ERROR_MESSAGE } from './api-error';

describe('api errors', () => {
  const forbidden = {
    status: 403,
    data: { message: 'Your account is deactivated', code: 'ACCOUNT_DEACTIVATED' },
  };

  it("shows the server's message and reads its code and status", () => {
    expect(errorMessage(forbidden)).toBe('Your account is deactivated');
    expect(errorCode(forbidden)).toBe('ACCOUNT_DEACTIVATED');
    expect(errorStatus(forbidden)).toBe(403);
  });

  it('explains network failures', () => {
    const down = { status: 'FETCH_ERROR' as const, error: 'TypeError: Failed to fetch' };
    expect(errorMessage(down)).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorStatus(down)).toBeUndefined();
    expect(errorCode(down)).toBeUndefined();
  });

  it('falls back when the body says nothing useful', () => {
    expect(errorMessage({ status: 500, data: '<html>' }, 'Fallback')).toBe('Fallback');
    expect(errorMessage({ status: 500, data: { message: '' } }, 'Fallback')).toBe('Fallback');
    expect(errorMessage(undefined, 'Fallback')).toBe('Fallback');
    expect(errorCode({ status: 500, data: { code: 7 } })).toBeUndefined();
  });

  it('reads client-side (serialized) errors', () => {
    expect(errorMessage({ message: 'Aborted' })).toBe('Aborted');
    expect(errorStatus({ message: 'Aborted' })).toBeUndefined();
  });
});
