import { useEffect, useRef, useSyncExternalStore } from 'react';
import { staleOnReturn } from './records-refresh';

function subscribe(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page can be seen (false while its tab is in the background or the window minimised). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * Coming back to a hidden tab: refresh at once when what is shown is older than one refresh cycle, instead
 * of waiting for the next tick (polling pauses while the tab is hidden).
 */
export function useRefreshOnReturn(
  active: boolean,
  fulfilledAt: number | undefined,
  refetch: () => unknown,
): void {
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current && staleOnReturn(fulfilledAt, Date.now())) refetch();
    wasActive.current = active;
  }, [active, fulfilledAt, refetch]);
}
