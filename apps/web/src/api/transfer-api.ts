import {
  type ClashChoice,
  type NameClash,
  type PendingUpload,
  type Quota,
  REQUEST_TIMEOUT_MS,
  TRANSFER_PATHS,
  type UploadInit,
  type UploadTicket,
} from '@kerf/contract';
import Cookies from 'js-cookie';
import { settingsStore } from '../stores/settings-store';
import type { DriveEntry } from './drive-api';
import { CLOUD_API, RequestError, request } from './request';
import { readToken } from './token';

/** The drive's upload, download and quota calls (@kerf/contract transfer.ts). */

export type InitAnswer =
  | { skipUpload: true; entry: DriveEntry }
  | { skipUpload: true; skipped: boolean; clash: NameClash }
  | UploadTicket;

export async function initUpload(body: UploadInit): Promise<InitAnswer> {
  // A second file with the same content and name in one batch is a legitimate repeat, not a double click.
  return (await request.post<InitAnswer>(`${CLOUD_API}${TRANSFER_PATHS.init}`, body, { repeatSubmit: false })).data;
}

/** `onClash: 'replace'` when the person chose to replace the file of that name (as told at init). */
export async function completeUpload(uploadId: string, onClash?: ClashChoice): Promise<DriveEntry> {
  return (
    await request.post<DriveEntry>(
      `${CLOUD_API}${TRANSFER_PATHS.uploads}/${encodeURIComponent(uploadId)}/complete`,
      onClash ? { onClash } : {},
      // assembling a large file on the server may take longer than an ordinary call
      { timeout: 10 * REQUEST_TIMEOUT_MS },
    )
  ).data;
}

export async function listPendingUploads(): Promise<PendingUpload[]> {
  return (await request.get<PendingUpload[]>(`${CLOUD_API}${TRANSFER_PATHS.uploads}`)).data;
}

export async function cancelPendingUpload(uploadId: string): Promise<string> {
  return (await request.delete<null>(`${CLOUD_API}${TRANSFER_PATHS.uploads}/${encodeURIComponent(uploadId)}`)).msg;
}

export async function fetchQuota(): Promise<Quota> {
  return (await request.get<Quota>(`${CLOUD_API}${TRANSFER_PATHS.quota}`)).data;
}

/** A link that downloads one file; the server also reads the UAC-Token cookie, so a plain <a download> works. */
export function downloadUrl(userFileId: string): string {
  return `${CLOUD_API}${TRANSFER_PATHS.download}?${new URLSearchParams({ userFileId })}`;
}

/** A link that downloads several entries (folders included) as one zip. */
export function batchDownloadUrl(userFileIds: readonly string[]): string {
  return `${CLOUD_API}${TRANSFER_PATHS.batchDownload}?${new URLSearchParams({ userFileIds: userFileIds.join(',') })}`;
}

/** Starts a download without leaving the page. */
export function startDownload(url: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * PUTs one chunk with XMLHttpRequest, the one browser API that reports upload progress. Resolves when
 * the server has stored it; rejects with a RequestError (the server's message where it sent one) or
 * with an AbortError when `signal` fires.
 */
export function putChunk(
  uploadId: string,
  index: number,
  body: Blob,
  onProgress: (loadedBytes: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${CLOUD_API}${TRANSFER_PATHS.uploads}/${encodeURIComponent(uploadId)}/${index}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept-Language', settingsStore.getState().locale);
    const token = readToken(Cookies);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      settle();
      let envelope: { code?: number; msg?: string } | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as { code?: number; msg?: string };
      } catch {
        envelope = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && (envelope?.code ?? 0) === 0) {
        onProgress(body.size);
        resolve();
        return;
      }
      const message = envelope?.msg || `HTTP ${xhr.status}`;
      reject(
        new RequestError(message, 'business', envelope?.code ?? xhr.status, undefined, {
          serverMessage: envelope?.msg,
          status: xhr.status,
        }),
      );
    };
    xhr.onerror = () => {
      settle();
      reject(new RequestError('network', 'network'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('aborted', 'AbortError'));
    };
    xhr.send(body);
  });
}
