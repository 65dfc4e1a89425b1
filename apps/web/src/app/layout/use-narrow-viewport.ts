import { NARROW_WIDTH } from '@kerf/contract';
import { useMediaQuery } from '../media/use-media-query';

const NARROW = `(max-width: ${NARROW_WIDTH - 0.02}px)`;

/** True under 992 px (SPEC §9), where the sidebar folds away into a drawer. */
export function useNarrowViewport(): boolean {
  return useMediaQuery(NARROW);
}
