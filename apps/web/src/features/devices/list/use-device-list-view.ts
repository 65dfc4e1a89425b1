import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { DeviceScope } from '../../../api/device-api';
import {
  clearedFilters,
  type DeviceListFilters,
  type DeviceListView,
  queryOfView,
  viewFromQuery,
  withFilters,
  withScope,
} from '../model/device-list-view';

/** The list's filters, scope and page, read from and written to the address. */
export function useDeviceListView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromQuery(params), [params]);
  // The address changes only once the router has run, so a change right after another (a state picked
  // in the summary just after a search) must build on what was asked for, not on the address yet.
  const latest = useRef(view);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = view;
  }
  const go = useCallback(
    (next: DeviceListView) => {
      latest.current = next;
      // filtering replaces the entry rather than filling the back button's history
      setParams(queryOfView(next), { replace: true });
    },
    [setParams],
  );
  const setFilters = useCallback((patch: Partial<DeviceListFilters>) => go(withFilters(latest.current, patch)), [go]);
  const clearFilters = useCallback(() => go(clearedFilters(latest.current)), [go]);
  const setScope = useCallback((scope: DeviceScope) => go(withScope(latest.current, scope)), [go]);
  return { view, go, setFilters, clearFilters, setScope };
}
