import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  nextRecordsState,
  parseRecordsState,
  type RecordsListChange,
  type RecordsListKind,
  type RecordsListState,
  toRecordsSearchParams,
} from './records-list-state';

/** A record list's state, read from and written to the URL (so reload and back/forward keep it). */
export function useRecordsListState(
  kind: RecordsListKind,
): [RecordsListState, (change: RecordsListChange) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseRecordsState(kind, params), [kind, params]);
  const change = useCallback(
    (c: RecordsListChange) =>
      setParams((prev) => toRecordsSearchParams(kind, nextRecordsState(parseRecordsState(kind, prev), c)), {
        preventScrollReset: !('page' in c),
      }),
    [kind, setParams],
  );
  return [state, change];
}
