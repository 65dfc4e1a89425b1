import {
  DRIVE_PAGE_LIMIT,
  type Page,
  SHARE_PATHS,
  type ShareBatch,
  type ShareInfo,
  type ShareResult,
  type ShareType,
} from '@kerf/contract';
import type { DriveEntry, SortField, SortOrder } from './drive-api';
import { CLOUD_API, request } from './request';

/**
 * Share links (@kerf/contract share.ts). The owner's calls need the session; the calls of the public
 * share page work without one (the client sends the token only when there is one, so a signed-in
 * visitor is known to the server, e.g. for saving to their drive).
 */

export type { ShareBatch, ShareInfo, ShareResult };

/** A row of a share: a drive entry whose `filePath` and `path` are relative to the share ('/' is its top). */
export type SharedEntry = DriveEntry;

function pageOf<T>(data: Page<T> | undefined, limit: number): Page<T> {
  return {
    list: Array.isArray(data?.list) ? data.list : [],
    total: data?.total ?? 0,
    page: data?.page ?? 1,
    limit: data?.limit ?? limit,
  };
}

const url = (path: string) => `${CLOUD_API}${path}`;

/* ---- the owner ---- */

export interface NewShare {
  /** ISO 8601 with the local offset (dayjs().format()). */
  endTime: string;
  shareType: ShareType;
  remarks: string;
  userFileIds: readonly string[];
}

export async function createShare(share: NewShare): Promise<ShareResult> {
  const answer = await request.post<ShareResult>(url(SHARE_PATHS.create), {
    endTime: share.endTime,
    shareType: share.shareType,
    remarks: share.remarks,
    // SPEC §3: "files" is a serialized list of file references
    files: JSON.stringify(share.userFileIds.map((userFileId) => ({ userFileId }))),
  });
  return answer.data;
}

export async function listMyShares(page = 1, limit = DRIVE_PAGE_LIMIT): Promise<Page<ShareBatch>> {
  const answer = await request.get<Page<ShareBatch>>(url(SHARE_PATHS.mine), { params: { page, limit } });
  return pageOf(answer.data, limit);
}

/** Ends shares at once; resolves with the server's message (已取消分享). */
export async function cancelShares(shareBatchNums: readonly string[]): Promise<string> {
  return (await request.post<null>(url(SHARE_PATHS.cancel), { shareBatchNums: shareBatchNums.join(',') })).msg;
}

/** Lifts the lock that too many wrong extraction codes put on a share. */
export async function unlockShare(shareBatchNum: string): Promise<string> {
  return (await request.post<null>(url(SHARE_PATHS.unlock), { shareBatchNum })).msg;
}

/* ---- anyone with the link ---- */

export async function fetchShareInfo(shareBatchNum: string): Promise<ShareInfo> {
  return (await request.get<ShareInfo>(url(SHARE_PATHS.info), { params: { shareBatchNum } })).data;
}

/** Resolves when the code opens the share; rejects with 403 提取码错误, 423 when locked, 429 when throttled. */
export async function checkExtractionCode(shareBatchNum: string, extractionCode: string): Promise<void> {
  await request.post<null>(url(SHARE_PATHS.checkCode), { shareBatchNum, extractionCode });
}

export interface SharedListQuery {
  shareBatchNum: string;
  extractionCode: string;
  /** '0' is the share's top. */
  folderId: string;
  page: number;
  limit: number;
  sort: SortField;
  order: SortOrder;
}

export async function listSharedFiles(query: SharedListQuery): Promise<Page<SharedEntry>> {
  const answer = await request.get<Page<SharedEntry>>(url(SHARE_PATHS.files), { params: query });
  return pageOf(answer.data, query.limit);
}

/** One shared file: a download, or with `inline` a source for <img>, <video> and <audio>. */
export function sharedFileUrl(
  access: { shareBatchNum: string; extractionCode: string },
  userFileId: string,
  inline = false,
): string {
  const query = new URLSearchParams({ ...access, userFileId });
  if (inline) query.set('inline', '1');
  return `${url(SHARE_PATHS.download)}?${query}`;
}

/** Several shared entries (folders included) as one zip. */
export function sharedBatchDownloadUrl(
  access: { shareBatchNum: string; extractionCode: string },
  userFileIds: readonly string[],
): string {
  return `${url(SHARE_PATHS.batchDownload)}?${new URLSearchParams({ ...access, userFileIds: userFileIds.join(',') })}`;
}

/** Copies shared entries (all the share's top entries when none are named) into a folder of my drive. */
export async function saveSharedFiles(save: {
  shareBatchNum: string;
  extractionCode: string;
  userFileIds?: readonly string[];
  folderId: string;
}): Promise<string> {
  const answer = await request.post<null>(url(SHARE_PATHS.save), {
    shareBatchNum: save.shareBatchNum,
    extractionCode: save.extractionCode,
    ...(save.userFileIds?.length ? { userFileIds: save.userFileIds.join(',') } : {}),
    folderId: save.folderId,
  });
  return answer.msg;
}
