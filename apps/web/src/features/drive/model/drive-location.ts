import { FILE_TYPE } from '@kerf/contract';

/** What the drive shows, read from the workbench query (SPEC §2: fileType, filePath, folderId). */
export interface DriveLocation {
  fileType: number;
  /** The open folder's path, `/` or `/a/b`; only for fileType 0. */
  filePath: string;
  /** The open folder's id when the address names it; '0' is the root. */
  folderId?: string;
  /** fileType 8: the share batch whose entries are shown; without it, the list of my shares. */
  shareBatchNum?: string;
}

/** The views this drive draws. 7 (shared with me) has no screen of its own: a share opens at /share/{code}. */
export const DRIVE_VIEWS = [
  FILE_TYPE.all,
  FILE_TYPE.image,
  FILE_TYPE.video,
  FILE_TYPE.audio,
  FILE_TYPE.recycle,
  FILE_TYPE.myShares,
];

/** `a//b/` → `/a/b`; empty → `/`. */
export function normalisePath(path: string | null | undefined): string {
  const parts = (path ?? '').split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
  return parts.length ? `/${parts.join('/')}` : '/';
}

export function locationFrom(params: URLSearchParams): DriveLocation {
  const raw = Number(params.get('fileType') ?? FILE_TYPE.all);
  const fileType = DRIVE_VIEWS.includes(raw as (typeof DRIVE_VIEWS)[number]) ? raw : FILE_TYPE.all;
  if (fileType === FILE_TYPE.myShares) {
    const shareBatchNum = params.get('shareBatchNum') || undefined;
    return shareBatchNum ? { fileType, filePath: '/', shareBatchNum } : { fileType, filePath: '/' };
  }
  if (fileType !== FILE_TYPE.all) return { fileType, filePath: '/' };
  const filePath = normalisePath(params.get('filePath'));
  const folderId = params.get('folderId') || undefined;
  return { fileType, filePath, folderId: filePath === '/' ? '0' : folderId };
}

/** The query for a location; the root of all files is the bare `?fileType=0`. */
export function queryOf(location: DriveLocation): Record<string, string> {
  const query: Record<string, string> = { fileType: String(location.fileType) };
  if (location.fileType === FILE_TYPE.all && location.filePath !== '/') {
    query.filePath = location.filePath;
    if (location.folderId && location.folderId !== '0') query.folderId = location.folderId;
  }
  if (location.fileType === FILE_TYPE.myShares && location.shareBatchNum) query.shareBatchNum = location.shareBatchNum;
  return query;
}

/** `/a/b` → [{name: 'a', path: '/a'}, {name: 'b', path: '/a/b'}]. */
export function pathSegments(filePath: string): Array<{ name: string; path: string }> {
  const names = normalisePath(filePath).split('/').filter(Boolean);
  return names.map((name, i) => ({ name, path: `/${names.slice(0, i + 1).join('/')}` }));
}

/** The folder above; null at the root. */
export function parentPath(filePath: string): string | null {
  const path = normalisePath(filePath);
  if (path === '/') return null;
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}
