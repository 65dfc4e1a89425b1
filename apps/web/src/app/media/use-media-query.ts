import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following it live (a resized window, a changed system
 * setting). `serverValue` is the answer where there is no window to ask.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
