import { type FileContent, PREVIEW_PATHS, type UnzipJob } from '@kerf/contract';
import type { DriveEntry } from '../../api/drive-api';
import { CLOUD_API, request } from '../../api/request';
import type { UnzipRequest } from './model/unzip-run';

/** The editors' calls (@kerf/contract preview.ts): file text, saving it, new files, unzip jobs. */

const url = (path: string) => `${CLOUD_API}${path}`;

/** A share's file is read with the share's number and code instead of a session. */
export interface ShareAccess {
  shareBatchNum: string;
  extractionCode: string;
}

export async function fetchFileContent(userFileId: string, access?: ShareAccess): Promise<FileContent> {
  return (await request.get<FileContent>(url(PREVIEW_PATHS.content), { params: { userFileId, ...access } })).data;
}

/** Saves text over a file, if it still holds the version `sha256`; 409 with the current hash otherwise. */
export async function saveFileContent(userFileId: string, content: string, sha256: string): Promise<string> {
  // a few megabytes of text over a slow line take longer than an ordinary call
  return (
    await request.put<DriveEntry>(url(PREVIEW_PATHS.content), { userFileId, content, sha256 }, { timeout: 60_000 })
  ).msg;
}

/** Creates an empty txt, md, docx, xlsx or pptx; resolves with the new entry and 新建成功. */
export async function createFile(folderId: string, fileName: string): Promise<{ entry: DriveEntry; msg: string }> {
  const answer = await request.post<DriveEntry>(url(PREVIEW_PATHS.createFile), { folderId, fileName });
  return { entry: answer.data, msg: answer.msg };
}

export async function startUnzipJob(body: UnzipRequest): Promise<{ jobId: string }> {
  return (await request.post<{ jobId: string }>(url(PREVIEW_PATHS.unzip), body)).data;
}

export async function fetchUnzipJob(jobId: string): Promise<UnzipJob> {
  return (await request.get<UnzipJob>(url(`${PREVIEW_PATHS.unzip}/${encodeURIComponent(jobId)}`))).data;
}
