import { driveMessages } from '@kerf/contract';
import { App } from 'antd';
import { type DragEvent, useCallback, useRef, useState } from 'react';
import { batchMove, type DriveEntry, moveEntry } from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { useSettings } from '../../../stores/settings-store';
import { moveFoldersInTree } from '../model/folder-tree';
import { checkMove } from '../model/move-rules';
import { useUpdateTree } from './use-drive-data';

/** The drag's own type: drops of files from the desktop (uploads) and of other pages' data ignore it. */
export const ENTRY_DRAG_TYPE = 'application/x-kerf-entries';

/** A folder entries can be dropped on: a folder row or tile, or a node of the folder tree. */
export interface DropFolder {
  id: string;
  path: string;
}

/** The list's rows and tiles, or the folder tree: one folder shows in both, only the one under the pointer lights up. */
export type DropPlace = 'list' | 'tree';

/** Where the pointer is while dragging: over a folder that takes the drop, or one that refuses it. */
export interface DropHover {
  id: string;
  place: DropPlace;
  refused: boolean;
}

const isEntryDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(ENTRY_DRAG_TYPE);

/**
 * Moving entries by dragging them onto a folder (SPEC §5 Move dialog rules): an entry that is part of
 * the selection drags the whole selection; a folder cannot go into itself or below it (非法路径);
 * a drop on the folder the entries are in is done with no call. Uses the same calls as the Move
 * dialog, says how it went as the dialog does, and updates the tree at once.
 */
export function useDragMove({
  enabled,
  selected,
  onMoved,
}: {
  /** Whether the entries shown may be moved at all (not in the bin, not in a share). */
  enabled: boolean;
  selected: readonly DriveEntry[];
  /** The server accepted a move: clear the selection and refresh. */
  onMoved(): void;
}) {
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const updateTree = useUpdateTree();
  const dragged = useRef<DriveEntry[] | null>(null);
  const [hover, setHover] = useState<DropHover | null>(null);

  const move = useCallback(
    async (entries: DriveEntry[], target: DropFolder) => {
      const check = checkMove(entries, target);
      if (check === 'illegal') {
        void message.error(driveMessages.illegalPath[locale]);
        return;
      }
      if (check === 'noop') {
        void message.success(driveMessages.moved[locale]);
        return;
      }
      try {
        const text =
          entries.length === 1
            ? await moveEntry(entries[0]!, target.id)
            : await batchMove(
                entries.map((entry) => entry.userFileId),
                target.id,
              );
        void message.success(text);
        const folders = entries.filter((entry) => entry.isDir).map((entry) => entry.userFileId);
        if (folders.length) updateTree((root) => moveFoldersInTree(root, folders, target.id));
        onMoved();
      } catch (error) {
        // SPEC §8: a failed move shows the server's msg
        if (!isShownByClient(error)) void message.error(messageOf(error));
      }
    },
    [message, locale, updateTree, onMoved],
  );

  /** Props for a row or tile that can be dragged. */
  const source = (entry: DriveEntry) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            const inSelection = selected.some((one) => one.userFileId === entry.userFileId);
            const entries = inSelection ? [...selected] : [entry];
            dragged.current = entries;
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData(ENTRY_DRAG_TYPE, entries.map((one) => one.userFileId).join(','));
          },
          onDragEnd: () => {
            dragged.current = null;
            setHover(null);
          },
        }
      : {};

  /** Props for a folder that takes drops; nothing while no entry is dragged (uploads pass through). */
  const target = (folder: DropFolder, place: DropPlace = 'list') => {
    // the dragged folder's own row is no target: hovering it on the way out says nothing
    const taking = (event: DragEvent) =>
      isEntryDrag(event) && !!dragged.current && !dragged.current.some((one) => one.userFileId === folder.id);
    return {
      onDragOver: (event: DragEvent) => {
        if (!taking(event)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        const refused = checkMove(dragged.current!, folder) === 'illegal';
        setHover((now) =>
          now?.id === folder.id && now.place === place && now.refused === refused
            ? now
            : { id: folder.id, place, refused },
        );
      },
      onDragLeave: (event: DragEvent) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setHover((now) => (now?.id === folder.id && now.place === place ? null : now));
      },
      onDrop: (event: DragEvent) => {
        if (!taking(event)) return;
        event.preventDefault();
        event.stopPropagation();
        const entries = dragged.current!;
        dragged.current = null;
        setHover(null);
        void move(entries, folder);
      },
    };
  };

  /** The class a drop target wears while entries are dragged over it. */
  const hoverClass = (id: string, place: DropPlace = 'list') =>
    hover?.id === id && hover.place === place ? (hover.refused ? ' is-drop-refused' : ' is-drop-target') : '';

  return { source, target, hoverClass };
}

export type DragMove = ReturnType<typeof useDragMove>;
