import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListChange,
  nextListState,
  parseListState,
  type SpeciesListState,
  toSearchParams,
} from './species-list-state';

/** The species list state, read from and written to the URL (so reload and back/forward keep it). */
export function useSpeciesListState(): [SpeciesListState, (change: ListChange) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const change = useCallback(
    (c: ListChange) =>
      setParams((prev) => toSearchParams(nextListState(parseListState(prev), c)), {
        preventScrollReset: !('page' in c),
      }),
    [setParams],
  );
  return [state, change];
}
