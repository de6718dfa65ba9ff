import { describe, expect, it } from 'vitest';
import { pollingOptions, REFRESH_MS, staleOnReturn } from './records-refresh';

describe('the checklist list refresh', () => {
  it('polls every 10 s while the page is seen, and not at all while its tab is hidden', () => {
    expect(REFRESH_MS).toBe(10_000);
    expect(pollingOptions(true)).toEqual({ pollingInterval: 10_000, skipPollingIfUnfocused: true });
    expect(pollingOptions(false).pollingInterval).toBe(0);
  });

  it('refreshes at once on return only when what is shown is a cycle old', () => {
    expect(staleOnReturn(1_000, 5_000)).toBe(false);
    expect(staleOnReturn(1_000, 11_000)).toBe(true);
    expect(staleOnReturn(undefined, 50_000)).toBe(false);
  });
});
