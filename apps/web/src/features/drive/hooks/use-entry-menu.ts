import { type MouseEvent, useCallback, useState } from 'react';
import type { DriveEntry } from '../../../api/drive-api';

/** Where the context menu is open, for which entry (null: the list's empty space), and for a selection or not. */
export interface EntryMenuAt<E> {
  x: number;
  y: number;
  entry: E;
  batch: boolean;
}

/**
 * The file context menu of a list (the drive's, a share page's): a right-click on a row opens it
 * there, for the whole selection when the row is part of it and for that row alone otherwise; the
 * row's "more" button opens it below itself for that row.
 */
export function useEntryMenu<E extends DriveEntry | null>(selection: {
  has(id: string): boolean;
  count: number;
  only(id: string): void;
}) {
  const [menu, setMenu] = useState<EntryMenuAt<E> | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const onRowContextMenu = (entry: NonNullable<E>, event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const batch = selection.has(entry.userFileId) && selection.count > 1;
    if (!selection.has(entry.userFileId)) selection.only(entry.userFileId);
    setMenu({ x: event.clientX, y: event.clientY, entry, batch });
  };

  const onMore = (entry: NonNullable<E>, event: MouseEvent) => {
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    setMenu({ x: rect.left, y: rect.bottom + 4, entry, batch: false });
  };

  return { menu, setMenu, closeMenu, onRowContextMenu, onMore };
}
