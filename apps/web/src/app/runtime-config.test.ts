import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, resolveApiUrl, resolveAssetUrl } from './runtime-config';

describe('resolveApiUrl', () => {
  it('prefers the runtime config written by /config.js', () => {
    expect(resolveApiUrl({ apiUrl: 'https://api.jarog.bt' }, 'http://build:1')).toBe('https://api.jarog.bt');
  });

  it('falls back to VITE_API_URL, then to localhost:8080', () => {
    expect(resolveApiUrl({}, 'http://build:1')).toBe('http://build:1');
    expect(resolveApiUrl(undefined, 'http://build:1')).toBe('http://build:1');
    expect(resolveApiUrl(undefined, undefined)).toBe(DEFAULT_API_URL);
    expect(DEFAULT_API_URL).toBe('http://localhost:8080');
  });

  it('ignores blank values and drops trailing slashes', () => {
    expect(resolveApiUrl({ apiUrl: '   ' }, '')).toBe(DEFAULT_API_URL);
    expect(resolveApiUrl({ apiUrl: ' https://api.jarog.bt/// ' }, undefined)).toBe('https://api.jarog.bt');
  });
});

describe('resolveAssetUrl', () => {
  const base = 'http://api:8080';
  it('uses the fallback when there is no image', () => {
    expect(resolveAssetUrl(null, '/default.svg', base)).toBe('/default.svg');
    expect(resolveAssetUrl('', '/default.svg', base)).toBe('/default.svg');
  });

  it('keeps absolute, data and blob URLs', () => {
    expect(resolveAssetUrl('https://cdn/x.jpg', '', base)).toBe('https://cdn/x.jpg');
    expect(resolveAssetUrl('data:image/jpeg;base64,AAA', '', base)).toBe('data:image/jpeg;base64,AAA');
    expect(resolveAssetUrl('blob:http://x/1', '', base)).toBe('blob:http://x/1');
  });

  it('puts paths on the API', () => {
    expect(resolveAssetUrl('/uploads/a.jpg', '', base)).toBe('http://api:8080/uploads/a.jpg');
    expect(resolveAssetUrl('uploads/a.jpg', '', base)).toBe('http://api:8080/uploads/a.jpg');
  });
});
