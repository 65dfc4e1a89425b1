import type { KeyValueStorage } from '../../../stores/create-store';
import type { DriveCopy } from './drive-save';

/** Drawings of the drive opened or saved lately in this browser, newest first. */
export const RECENT_LIMIT = 10;
const KEY = 'kerf.design.recent';

export type RecentDocument = Pick<DriveCopy, 'userFileId' | 'folderId' | 'folderPath' | 'fileName'> & { at: number };

export function readRecent(storage: KeyValueStorage): RecentDocument[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]') as RecentDocument[];
    return Array.isArray(list)
      ? list.filter((d) => typeof d?.userFileId === 'string' && typeof d.fileName === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Puts a drawing first in the list (once), keeping RECENT_LIMIT. */
export function rememberRecent(storage: KeyValueStorage, copy: DriveCopy, at = Date.now()): RecentDocument[] {
  const entry: RecentDocument = {
    userFileId: copy.userFileId,
    folderId: copy.folderId,
    folderPath: copy.folderPath,
    fileName: copy.fileName,
    at,
  };
  const list = [entry, ...readRecent(storage).filter((d) => d.userFileId !== copy.userFileId)].slice(0, RECENT_LIMIT);
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}

export function forgetRecent(storage: KeyValueStorage, userFileId: string): RecentDocument[] {
  const list = readRecent(storage).filter((d) => d.userFileId !== userFileId);
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
