import type { ClashChoice } from '@kerf/contract';
import { type KerfDocument, serializeDocument } from '@kerf/laser';
import type { DriveEntry } from '../../../api/drive-api';
import { messageOf } from '../../../api/request';
import { downloadUrl } from '../../../api/transfer-api';
import { browserTransport } from '../../drive/upload/browser-transport';
import { createUploadQueue } from '../../drive/upload/upload-queue';

/** Where the open drawing lives in the drive, once saved or opened from there. */
export interface DriveCopy {
  userFileId: string;
  folderId: string;
  /** The folder's path, for people (`/parts`). */
  folderPath: string;
  fileName: string;
  /** The content this tab last saved or opened: a different one in the drive was changed elsewhere. */
  sha256: string;
}

export const KERF_EXTENSION = '.kerf';

export class SaveFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveFailed';
  }
}

const forced = new Map<string, ClashChoice>();
const waiting = new Map<string, { resolve(entry: DriveEntry): void; reject(error: Error): void }>();

/**
 * The editor's own upload queue (the drive's, without its panel): the drawing goes up with the drive's
 * chunking, hashing and proof of possession. The editor has already asked about a clash, so the
 * queue is told what to do rather than asking.
 */
const uploads = createUploadQueue<DriveEntry>({
  transport: browserTransport,
  parallelFiles: 1,
  describeError: (error) => messageOf(error, String(error)),
  entryName: (entry) => entry?.fileName,
  resolveClash: async (item) => forced.get(item.id) ?? 'keepBoth',
  onFinished: (item, entry) => {
    waiting.get(item.id)?.resolve(entry);
    waiting.delete(item.id);
    forced.delete(item.id);
  },
});

uploads.subscribe(() => {
  for (const item of uploads.getState().items) {
    const waiter = waiting.get(item.id);
    if (!waiter || (item.status !== 'error' && item.status !== 'skipped')) continue;
    waiting.delete(item.id);
    forced.delete(item.id);
    waiter.reject(new SaveFailed(item.error ?? item.status));
  }
});

/** A file of the drive as bytes, with the name the server gave it (its Content-Disposition). */
export async function readDriveFile(
  userFileId: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName?: string }> {
  const response = await fetch(downloadUrl(userFileId), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const named = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    fileName: named ? decodeURIComponent(named) : undefined,
  };
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The drawing as the bytes of a `.kerf` file (versioned JSON, bitmaps inline). */
export function kerfBytes(doc: KerfDocument): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(serializeDocument(doc));
}

/**
 * Uploads the drawing as `fileName` into `folderId`. `replace` gives an existing file of that name this
 * content (a save over the drawing's own file, or the person said so); otherwise a clash numbers the name.
 */
export async function uploadDrawing(
  doc: KerfDocument,
  target: { fileName: string; folderId: string; folderPath: string; replace: boolean },
): Promise<DriveCopy> {
  return uploadBytes(kerfBytes(doc), 'application/json', target);
}

/** Uploads any file the editor makes (a drawing, a job's G-code) into the drive, as `uploadDrawing` does. */
export async function uploadBytes(
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  target: { fileName: string; folderId: string; folderPath: string; replace: boolean },
): Promise<DriveCopy> {
  const sha256 = await sha256Hex(bytes);
  const file = new File([bytes], target.fileName, { type });
  const [id] = uploads.add([{ file, fileName: target.fileName }], {
    folderId: target.folderId,
    targetPath: target.folderPath,
  });
  if (!id) throw new SaveFailed('nothing was queued');
  if (target.replace) forced.set(id, 'replace');
  const entry = await new Promise<DriveEntry>((resolve, reject) => waiting.set(id, { resolve, reject }));
  return {
    userFileId: entry.userFileId,
    folderId: entry.folderId,
    folderPath: target.folderPath,
    fileName: entry.fileName,
    sha256,
  };
}
