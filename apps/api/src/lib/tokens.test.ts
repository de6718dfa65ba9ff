import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner, TOKEN_TTL_SECONDS } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const USER = '0192b2c4-7f3e-7a10-8000-000000000001';

describe('sign-in tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token again and again, and refuses it from its expiry on (kept claims included)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const signer = createTokenSigner(SECRET);
    const token = signer.sign(USER, 3);
    expect(signer.verify(token)).toEqual({ sub: USER, tv: 3, typ: 'access' });
    // The second answer comes from the kept claims: the same claims.
    expect(signer.verify(token)).toEqual({ sub: USER, tv: 3, typ: 'access' });
    vi.setSystemTime(Date.now() + (TOKEN_TTL_SECONDS - 1) * 1000);
    expect(signer.verify(token)?.sub).toBe(USER);
    vi.setSystemTime(Date.now() + 1000);
    expect(signer.verify(token)).toBeUndefined();
    // A new signer (no kept claims) says the same.
    expect(createTokenSigner(SECRET).verify(token)).toBeUndefined();
  });

  it('refuses a changed or foreign token even after its genuine twin was accepted', () => {
    const signer = createTokenSigner(SECRET);
    const token = signer.sign(USER, 0, '0192b2c4-7f3e-7a10-8000-0000000000aa');
    expect(signer.verify(token)?.sid).toBe('0192b2c4-7f3e-7a10-8000-0000000000aa');
    const [head, body, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect(signer.verify(`${head}.${otherUser}.${signature}`)).toBeUndefined();
    expect(signer.verify(`${token.slice(0, -2)}xx`)).toBeUndefined();
    const foreign = createTokenSigner('another-secret-that-is-long-enough-987654').sign(USER, 0);
    expect(signer.verify(foreign)).toBeUndefined();
    // A sign-up verification token is no sign-in token, and the other way round.
    const signup = signer.signVerification({ name: 'Pema', email: 'pema@example.bt' }, 600);
    expect(signer.verify(signup)).toBeUndefined();
    expect(signer.verifyVerification(token)).toBeUndefined();
    expect(signer.verifyVerification(signup)).toEqual({ name: 'Pema', email: 'pema@example.bt' });
  });
});
