import { useEffect } from 'react';
import { createStore, useStore } from '../../stores/create-store';

/** What opens the keyboard shortcuts of the page on screen, when that page has any. */
const pageShortcuts = createStore<{ open?: () => void }>({});

/**
 * A page with keyboard shortcuts offers them in the floating help menu while it is shown: `open`
 * shows its own list of shortcuts. The entry goes when the page does.
 */
export function useOfferShortcuts(open: () => void) {
  useEffect(() => {
    const offered = { open };
    pageShortcuts.setState(offered);
    return () => pageShortcuts.setState((now) => (now === offered ? {} : now));
  }, [open]);
}

/** The shown page's shortcuts opener, if it has one. */
export function useShownPageShortcuts(): (() => void) | undefined {
  return useStore(pageShortcuts, (state) => state.open);
}
