import { FILE_TYPE } from '@kerf/contract';
import type { ListQuery, SortField, SortOrder } from '../../../api/drive-api';
import type { DriveLocation } from './drive-location';

/**
 * What to ask the server for one page of a location. Paging forward from a page it already answered
 * (the next page of the same folder and sort), the request carries that page's `nextCursor`: the
 * server then continues right after its last entry through the sort's index, however deep the folder,
 * and still answers by page number if the entry has gone since.
 */
export function listQueryFor(
  location: DriveLocation,
  page: number,
  settings: { pageSize: number; sort: { field: SortField; order: SortOrder } },
  previousPage?: { nextCursor?: string | null },
): ListQuery {
  const folderList = location.fileType === FILE_TYPE.all;
  const cursor = folderList ? previousPage?.nextCursor : undefined;
  return {
    fileType: location.fileType,
    ...(folderList
      ? location.folderId && location.folderId !== '0'
        ? { folderId: location.folderId }
        : { filePath: location.filePath }
      : {}),
    ...(location.fileType === FILE_TYPE.myShares ? { shareBatchNum: location.shareBatchNum } : {}),
    page,
    limit: settings.pageSize,
    sort: settings.sort.field,
    order: settings.sort.order,
    ...(cursor ? { cursor } : {}),
  };
}
