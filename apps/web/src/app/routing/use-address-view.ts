import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's view (filters, sort, page) kept in the address: read from the query, written back with
 * `go` (replacing the history entry, so typing in a filter does not fill the back button).
 * `latest()` is the view last asked for: the address changes only once the router has run, so a change
 * made right after another (the max thickness after the min, a state picked just after a search) must
 * build on what was asked for, not on the address yet.
 */
export function useAddressView<V>(read: (query: URLSearchParams) => V, write: (view: V) => URLSearchParams) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => read(params), [read, params]);
  const latest = useRef(view);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = view;
  }
  const go = useCallback(
    (next: V) => {
      latest.current = next;
      setParams(write(next), { replace: true });
    },
    [setParams, write],
  );
  const current = useCallback(() => latest.current, []);
  return { view, go, latest: current };
}
