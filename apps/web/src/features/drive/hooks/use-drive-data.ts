import { FILE_TYPE } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import {
  type DriveEntry,
  type FolderNode,
  fetchFolderTree,
  type ListPage,
  listFiles,
  type SearchEntry,
  searchFiles,
} from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { fetchQuota } from '../../../api/transfer-api';
import type { DriveSettings } from '../../../stores/drive-settings-store';
import { useSession } from '../../../stores/session-store';
import type { DriveLocation } from '../model/drive-location';
import { folderByPath } from '../model/folder-tree';
import { listQueryFor } from '../model/list-query';

/** Every drive query starts with this key, so one invalidation refreshes list, tree and quota. */
export const DRIVE_KEY = ['drive'] as const;

/** The drive's key for the signed-in person: another person signing in on this tab never sees these. */
export function useDriveKey() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useMemo(() => [...DRIVE_KEY, userId] as const, [userId]);
}

/** The folder tree (side panel, pickers, paths to ids); one query however many use it. */
export function useFolderTree() {
  const key = useDriveKey();
  return useQuery({ queryKey: [...key, 'tree'], queryFn: fetchFolderTree, staleTime: 10_000 });
}

/** SPEC §8 "tree load failure shows the response message": said once, by the page. */
export function useReportTreeFailure(error: unknown) {
  const { message } = App.useApp();
  useEffect(() => {
    if (error && !isShownByClient(error)) void message.error(messageOf(error));
  }, [error, message]);
}

export function useQuota() {
  const key = useDriveKey();
  return useQuery({ queryKey: [...key, 'quota'], queryFn: fetchQuota, retry: false });
}

export interface ListRequest {
  location: DriveLocation;
  page: number;
  settings: Pick<DriveSettings, 'pageSize' | 'sort'>;
  /** When set, the page shows search results instead of the location. */
  keyword: string;
}

/** One page of what the drive shows: a folder, a category, the bin, or search results. */
export function useDriveList({ location, page, settings, keyword }: ListRequest) {
  const searching = keyword.trim() !== '';
  const key = useDriveKey();
  const client = useQueryClient();
  const listKey = (at: number) => [...key, 'list', location, at, settings.pageSize, settings.sort];
  /** The page before, while its answer is current (not since invalidated by a change): it hands over its cursor. */
  const previousPage = (at: number) => {
    const state = client.getQueryState<ListPage<unknown>>(listKey(at - 1));
    return state && !state.isInvalidated ? state.data : undefined;
  };
  return useQuery<ListPage<DriveEntry | SearchEntry>>({
    queryKey: searching ? [...key, 'search', keyword, page, settings.pageSize] : listKey(page),
    queryFn: () =>
      searching
        ? searchFiles(keyword.trim(), page, settings.pageSize)
        : listFiles(listQueryFor(location, page, settings, previousPage(page))),
    placeholderData: keepPreviousData,
  });
}

/** The open folder's id: from the address, else from the tree by path; undefined until known. */
export function useCurrentFolderId(location: DriveLocation, tree: ReturnType<typeof useFolderTree>['data']) {
  return useMemo(() => {
    if (location.fileType !== FILE_TYPE.all) return undefined;
    if (location.folderId) return location.folderId;
    return folderByPath(tree, location.filePath)?.id;
  }, [location, tree]);
}

export function useRefreshDrive() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: DRIVE_KEY }), [client]);
}

/**
 * Applies a change the server just accepted (rename, move, delete) to the cached folder tree, so the
 * side panel shows it at once; the refresh that follows every change then confirms it.
 */
export function useUpdateTree() {
  const client = useQueryClient();
  const key = useDriveKey();
  return useCallback(
    (change: (root: FolderNode) => FolderNode) =>
      client.setQueryData<FolderNode>([...key, 'tree'], (root) => (root ? change(root) : root)),
    [client, key],
  );
}
