import { useEffect, useRef } from 'react';

export interface DriveKeys {
  onDelete(): void;
  onRename(): void;
  onSelectAll(): void;
  onOpen(): void;
  onUp(): void;
  onClearSelection(): void;
}

/** Inputs that take no text: a row's checkbox keeps the drive's keys working. */
const NOT_TYPING = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file']);

/** Typing in a field, or a dialog or menu in front: the keys belong to them, not to the list. */
function keysBelongElsewhere(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const field = target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
  const typing = field && !(field instanceof HTMLInputElement && NOT_TYPING.has(field.type));
  if (typing) return true;
  if (target?.closest('.ant-modal-wrap, .ant-dropdown, .drive-context-menu, .ant-popover, .ant-select-dropdown'))
    return true;
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-wrap')).some(
    (wrap) => getComputedStyle(wrap).display !== 'none',
  );
}

/**
 * The drive's keys: Delete deletes the selection (after a confirm), F2 renames, Ctrl/Cmd+A selects
 * the page, Enter opens, Backspace goes up a folder, Escape clears the selection. None of them while
 * typing or in a dialog.
 */
export function useDriveKeyboard(enabled: boolean, keys: DriveKeys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || keysBelongElsewhere(event)) return;
      const k = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && (event.key === 'a' || event.key === 'A') && !event.altKey) {
        event.preventDefault();
        k.onSelectAll();
      } else if (mod || event.altKey) {
        return;
      } else if (event.key === 'Delete') {
        event.preventDefault();
        k.onDelete();
      } else if (event.key === 'F2') {
        event.preventDefault();
        k.onRename();
      } else if (event.key === 'Enter') {
        // Enter on a focused button or link is that control's own click
        if ((event.target as HTMLElement | null)?.closest('button, a, [role="menuitem"]')) return;
        event.preventDefault();
        k.onOpen();
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        k.onUp();
      } else if (event.key === 'Escape') {
        k.onClearSelection();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
