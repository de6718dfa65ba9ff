import { describe, expect, it } from 'vitest';
import { RevalidationCache, withValidator } from './revalidation';

describe('RevalidationCache', () => {
  it('keys GETs by token, path and parameters, and never keys writes or custom bodies', () => {
    const cache = new RevalidationCache();
    const a = cache.keyOf({ url: '/api/v1/entries', params: { limit: 5, page: 1 } }, 'token-a');
    expect(a).not.toBeNull();
    expect(cache.keyOf({ url: '/api/v1/entries', params: { limit: 5, page: 1 } }, 'token-b')).not.toBe(a);
    expect(cache.keyOf({ url: '/api/v1/entries', params: { limit: 5, page: 2 } }, 'token-a')).not.toBe(a);
    expect(cache.keyOf('/api/v1/entries', 'token-a')).not.toBe(a);
    expect(cache.keyOf({ url: '/api/v1/checklists', method: 'POST', body: {} }, 'token-a')).toBeNull();
    expect(cache.keyOf({ url: '/x.csv', responseHandler: (r) => r.blob() }, 'token-a')).toBeNull();
  });

  it('keeps an answer with its validator, and forgets it when the new answer has none', () => {
    const cache = new RevalidationCache();
    cache.keep('k', 'W/"d1"', { n: 1 });
    expect(cache.etagFor('k')).toBe('W/"d1"');
    expect(cache.take('k')).toEqual({ n: 1 });
    cache.keep('k', null, { n: 2 });
    expect(cache.etagFor('k')).toBeUndefined();
    expect(cache.take('k')).toBeUndefined();
  });

  it('holds at most 64 answers, dropping the least recently used', () => {
    const cache = new RevalidationCache();
    for (let i = 0; i < 64; i++) cache.keep(`k${i}`, `W/"${i}"`, i);
    expect(cache.take('k0')).toBe(0); // k0 is now the most recently used; k1 the least
    cache.keep('k64', 'W/"64"', 64);
    expect(cache.size).toBe(64);
    expect(cache.etagFor('k1')).toBeUndefined();
    expect(cache.etagFor('k0')).toBe('W/"0"');
  });

  it('adds If-None-Match without losing the other request headers', () => {
    const args = withValidator({ url: '/api/v1/entries', headers: { 'X-Test': '1' } }, 'W/"d7"');
    const headers = new Headers(args.headers as HeadersInit);
    expect(headers.get('If-None-Match')).toBe('W/"d7"');
    expect(headers.get('X-Test')).toBe('1');
    expect(withValidator('/api/v1/entries', 'W/"d7"').url).toBe('/api/v1/entries');
  });
});
