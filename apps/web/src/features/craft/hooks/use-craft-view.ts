import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CraftFilters,
  type CraftView,
  clearedFilters,
  queryOfView,
  viewFromQuery,
  withFilters,
} from '../model/craft-query';

/** The table's filters, page and sort, read from and written to the address. */
export function useCraftView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromQuery(params), [params]);
  // The address changes only once the route guard has run, so a second filter set right after a
  // first (the max thickness after the min) must build on what was asked for, not on the address yet.
  const latest = useRef(view);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = view;
  }
  const go = useCallback(
    (next: CraftView) => {
      latest.current = next;
      // typing in a filter replaces the entry rather than filling the back button's history
      setParams(queryOfView(next), { replace: true });
    },
    [setParams],
  );
  const setFilters = useCallback((patch: Partial<CraftFilters>) => go(withFilters(latest.current, patch)), [go]);
  const clearFilters = useCallback(() => go(clearedFilters(latest.current)), [go]);
  return { view, go, setFilters, clearFilters };
}
