import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type BirdersListState,
  nextBirdersState,
  parseBirdersState,
  toBirdersParams,
} from './birders-list-state';

/** The birders list state, read from and written to the URL (reload and back/forward keep it). */
export function useBirdersListState(): [BirdersListState, (change: Partial<BirdersListState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBirdersState(params), [params]);
  const change = useCallback(
    (c: Partial<BirdersListState>) =>
      setParams((prev) => toBirdersParams(nextBirdersState(parseBirdersState(prev), c)), {
        preventScrollReset: !('page' in c),
      }),
    [setParams],
  );
  return [state, change];
}
