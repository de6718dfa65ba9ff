import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './rate-limit';

describe('FailureLimiter', () => {
  it('blocks after max failures inside the window and frees the key when the window passes', () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.fail('a');
    }
    expect(limiter.retryAfter('a')).toBe(60);
    expect(limiter.retryAfter('b')).toBe(0);
    now += 30_000;
    expect(limiter.retryAfter('a')).toBe(30);
    now += 30_001;
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new FailureLimiter(1, 60_000);
    limiter.fail('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
