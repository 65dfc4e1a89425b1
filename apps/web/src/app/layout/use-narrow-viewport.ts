import { NARROW_WIDTH } from '@kerf/contract';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${NARROW_WIDTH - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True under 992 px (SPEC §9), where the sidebar folds away into a drawer. */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
