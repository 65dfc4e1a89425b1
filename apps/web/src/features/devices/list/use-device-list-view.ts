import { useCallback } from 'react';
import type { DeviceScope } from '../../../api/device-api';
import { useAddressView } from '../../../app/routing/use-address-view';
import {
  clearedFilters,
  type DeviceListFilters,
  queryOfView,
  viewFromQuery,
  withFilters,
  withScope,
} from '../model/device-list-view';

/** The list's filters, scope and page, read from and written to the address. */
export function useDeviceListView() {
  const { view, go, latest } = useAddressView(viewFromQuery, queryOfView);
  const setFilters = useCallback((patch: Partial<DeviceListFilters>) => go(withFilters(latest(), patch)), [go, latest]);
  const clearFilters = useCallback(() => go(clearedFilters(latest())), [go, latest]);
  const setScope = useCallback((scope: DeviceScope) => go(withScope(latest(), scope)), [go, latest]);
  return { view, go, setFilters, clearFilters, setScope };
}
