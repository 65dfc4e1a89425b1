import { useMediaQuery } from '../media/use-media-query';

/**
 * Whether the person asked their system for less motion. Followed live, so a change in the system
 * settings takes effect without a reload; without a window to ask, motion is left out.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', true);
}
