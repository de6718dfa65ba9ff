/** The checklist list refreshes every 10 seconds (spec sections 4 and 9). */
export const REFRESH_MS = 10_000;

/**
 * The list's polling: every 10 s while the page can be seen, none while its tab is hidden. RTK Query keeps
 * one timer per list, so however many components read the list there is at most one request per 10 s.
 */
export function pollingOptions(visible: boolean) {
  return { pollingInterval: visible ? REFRESH_MS : 0, skipPollingIfUnfocused: true } as const;
}

/** Coming back to the tab: refresh at once when the list shown is older than one refresh cycle. */
export function staleOnReturn(fulfilledAt: number | undefined, now: number): boolean {
  return fulfilledAt !== undefined && now - fulfilledAt >= REFRESH_MS;
}
