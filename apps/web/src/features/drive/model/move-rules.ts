/** What a move (or copy) into a folder would do, decided before any call (SPEC §5 Move dialog). */
export type MoveCheck = 'ok' | 'noop' | 'illegal';

export interface MovedEntry {
  isDir: 0 | 1 | boolean;
  /** The entry's own path, `/a/b`. */
  path: string;
  /** The folder holding it; '0' is the root. */
  folderId: string;
}

/**
 * - A folder cannot go into itself or below itself: 非法路径 (copies neither).
 * - Moving entries into the folder they are already in succeeds with no call.
 */
export function checkMove(
  entries: readonly MovedEntry[],
  target: { id: string; path: string },
  mode: 'move' | 'copy' = 'move',
): MoveCheck {
  if (entries.length === 0) return 'noop';
  const into = (from: string) => target.path === from || target.path.startsWith(`${from === '/' ? '' : from}/`);
  if (entries.some((entry) => entry.isDir && into(entry.path))) return 'illegal';
  if (mode === 'move' && entries.every((entry) => entry.folderId === target.id)) return 'noop';
  return 'ok';
}
