import { type ClashPolicy, DRIVE_PAGE_LIMIT, type FolderNode, type Page, type RestoreOutcome } from '@kerf/contract';
import { CLOUD_API, request } from './request';

/** The drive's folder and file calls (SPEC §7 "Files and folders"), all under /cloud-api/engine. */

export type { FolderNode, Page };

/** SPEC §3 file/folder entry, as the server presents it. */
export interface DriveEntry {
  userFileId: string;
  id: string;
  /** The folder holding the entry; '0' is the root. */
  folderId: string;
  fileName: string;
  name: string;
  extendName: string;
  /** The folder path holding the entry, `/` or `/a/b`. */
  filePath: string;
  /** The entry's own path, `/a/b/name`. */
  path: string;
  isDir: 0 | 1;
  fileSize: number;
  uploadTime: string;
  deleteTime: string | null;
  deleteBatchNum: string | null;
  deleteFlag?: number;
  childCount?: number;
  imageWidth?: number | null;
  imageHeight?: number | null;
  /** Share views only (fileType 8). */
  shareBatchNum?: string;
  extractionCode?: string;
  shareType?: number;
  shareTime?: string;
  endTime?: string;
}

/** A search hit: the name's matched character ranges, [start, end). */
export interface SearchEntry extends DriveEntry {
  highlightFields: { fileName: Array<[number, number]> };
}

export type SortField = 'name' | 'size' | 'type' | 'time';
export type SortOrder = 'asc' | 'desc';

export interface ListQuery {
  fileType: number;
  folderId?: string;
  filePath?: string;
  keyword?: string;
  /** fileType 8: the entries of one of my shares. */
  shareBatchNum?: string;
  page?: number;
  limit?: number;
  sort?: SortField;
  order?: SortOrder;
  /** Folder lists: the previous page's `nextCursor`, to continue right after it. */
  cursor?: string;
}

/** A page of a list; folder lists also say how to ask for the next one. */
export type ListPage<T> = Page<T> & { nextCursor?: string | null };

const ENGINE = `${CLOUD_API}/engine`;

function pageOf<T>(data: Page<T> | undefined): Page<T> {
  return {
    list: Array.isArray(data?.list) ? data.list : [],
    total: data?.total ?? 0,
    page: data?.page ?? 1,
    limit: data?.limit ?? DRIVE_PAGE_LIMIT,
  };
}

export async function listFiles(query: ListQuery): Promise<ListPage<DriveEntry>> {
  const answer = await request.get<ListPage<DriveEntry>>(`${ENGINE}/file/listFileInfo`, { params: query });
  return { ...pageOf(answer.data), nextCursor: answer.data?.nextCursor ?? null };
}

export async function searchFiles(keyword: string, page = 1, limit = DRIVE_PAGE_LIMIT): Promise<Page<SearchEntry>> {
  const answer = await request.get<Page<SearchEntry>>(`${ENGINE}/file/search`, { params: { keyword, page, limit } });
  return pageOf(answer.data);
}

export async function fetchFolderTree(): Promise<FolderNode> {
  return (await request.get<FolderNode>(`${ENGINE}/folder/treeData`)).data;
}

/** Resolves true when the name is free in the folder; the server refuses a taken one with 409. */
export async function isNameFree(parentId: string, name: string, exceptId?: string): Promise<boolean> {
  try {
    await request.get(`${ENGINE}/folder/checkUnique`, { params: { parentId, name, id: exceptId } });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 409) return false;
    throw error;
  }
}

/** Creates a folder; resolves with the server's message (文件夹创建成功) and the new entry. */
export async function createFolder(parentId: string, name: string, path: string) {
  const answer = await request.post<DriveEntry>(`${ENGINE}/folder`, { parentId, name, path });
  return { msg: answer.msg, entry: answer.data };
}

/** Renames a file or folder (the two have their own calls); resolves with the server's message. */
export async function renameEntry(entry: Pick<DriveEntry, 'userFileId' | 'isDir'>, name: string): Promise<string> {
  const answer = entry.isDir
    ? await request.put<null>(`${ENGINE}/folder`, { id: entry.userFileId, name })
    : await request.put<null>(`${ENGINE}/file`, { id: entry.userFileId, fileName: name });
  return answer.msg;
}

/** Moves one entry (SPEC §7: PUT /engine/folder with parentId, PUT /engine/file with folderId). */
export async function moveEntry(entry: Pick<DriveEntry, 'userFileId' | 'isDir'>, folderId: string): Promise<string> {
  const answer = entry.isDir
    ? await request.put<null>(`${ENGINE}/folder`, { id: entry.userFileId, parentId: folderId })
    : await request.put<null>(`${ENGINE}/file`, { id: entry.userFileId, folderId });
  return answer.msg;
}

export async function batchMove(userFileIds: readonly string[], folderId: string): Promise<string> {
  return (await request.post<null>(`${ENGINE}/file/batchMove`, { userFileIds: userFileIds.join(','), folderId })).msg;
}

export async function batchCopy(userFileIds: readonly string[], folderId: string): Promise<string> {
  return (await request.post<null>(`${ENGINE}/file/batchCopy`, { userFileIds: userFileIds.join(','), folderId })).msg;
}

/** Mode 1 moves to the recycle bin, mode 2 deletes for good. */
export async function batchDelete(userFileIds: readonly string[], deleteMode: 1 | 2 = 1): Promise<string> {
  return (await request.post<null>(`${ENGINE}/file/batchDelete`, { userFileIds: userFileIds.join(','), deleteMode }))
    .msg;
}

/** Restores bin batches; `onClash` says what to do when a name is taken where one goes back (default: number it). */
export async function restoreBatches(
  deleteBatchNums: readonly string[],
  onClash?: ClashPolicy,
): Promise<{ msg: string; data: RestoreOutcome }> {
  const answer = await request.post<RestoreOutcome>(`${ENGINE}/recovery/restore`, {
    deleteBatchNum: deleteBatchNums.join(','),
    ...(onClash ? { onClash } : {}),
  });
  return { msg: answer.msg, data: answer.data };
}

export async function purgeBatches(deleteBatchNums: readonly string[]): Promise<string> {
  return (await request.post<null>(`${ENGINE}/recovery/delete`, { deleteBatchNum: deleteBatchNums.join(',') })).msg;
}

/** Empties the recycle bin in one call. */
export async function emptyRecycleBin(): Promise<string> {
  return (await request.post<null>(`${ENGINE}/recovery/empty`, {})).msg;
}
