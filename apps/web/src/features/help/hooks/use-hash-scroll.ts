import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the section named in the address (`#upload`) into view once the chapter is shown, and again
 * when the hash changes (the top of the chapter without one): the router does not, since the page renders the heading after navigating.
 */
export function useHashScroll(ready: unknown) {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` is the trigger: the chapter now on screen
  useEffect(() => {
    // a chapter opened without a section starts at its top, not where the previous one was left
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash, ready]);
}
