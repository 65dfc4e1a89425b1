import { useEffect, useRef } from 'react';

/** Acts on a key (`KeyboardEvent.key`) and says whether it did; keys it leaves stay the page's. */
export type ViewerKeyHandler = (key: string, event: KeyboardEvent) => boolean;

/** Inputs that take no typing (a speed choice is a radio): the viewer's keys still work on them. */
const NOT_TYPING = new Set(['radio', 'checkbox', 'button', 'submit', 'reset']);

/** Fields where keys type or move a value: only Escape is the viewer's there. */
function isField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  const field = el?.closest?.('input, textarea, select, [contenteditable="true"], [role="slider"], [role="combobox"]');
  return !!field && !(field instanceof HTMLInputElement && NOT_TYPING.has(field.type));
}

/**
 * A viewer's keys while it is open. They are caught before the page's own (the drive's Enter,
 * Delete, Backspace), so nothing behind the viewer reacts. In a text box or on a slider only Escape
 * belongs to the viewer; Space on a focused button is still play/pause, not a click.
 */
export function useViewerKeys(handler: ViewerKeyHandler, enabled = true) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    let spaceTaken = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== 'Escape' && isField(event.target)) return;
      if (!latest.current(event.key, event)) return;
      if (event.key === ' ') spaceTaken = true;
      event.preventDefault();
      event.stopPropagation();
    };
    // a Space that started play/pause must not also click the focused button when it is let go
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !spaceTaken) return;
      spaceTaken = false;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKeyUp, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('keyup', onKeyUp, true);
    };
  }, [enabled]);
}
