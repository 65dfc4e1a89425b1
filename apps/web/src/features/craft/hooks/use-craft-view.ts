import { useCallback } from 'react';
import { useAddressView } from '../../../app/routing/use-address-view';
import { type CraftFilters, clearedFilters, queryOfView, viewFromQuery, withFilters } from '../model/craft-query';

/** The table's filters, page and sort, read from and written to the address. */
export function useCraftView() {
  const { view, go, latest } = useAddressView(viewFromQuery, queryOfView);
  const setFilters = useCallback((patch: Partial<CraftFilters>) => go(withFilters(latest(), patch)), [go, latest]);
  const clearFilters = useCallback(() => go(clearedFilters(latest())), [go, latest]);
  return { view, go, setFilters, clearFilters };
}
