import {
  type Currency,
  OBJECT_PATHS,
  type ObjectAttachmentKind,
  type ObjectDetails,
  type ObjectInfo,
} from '@kerf/contract';
import { CLOUD_API, request } from './request';

/** The object calls (@kerf/contract objects.ts, SPEC §7 objects and engine), all under /cloud-api. */

export type { ObjectInfo };

const url = (path: string) => `${CLOUD_API}${path}`;

/** Saves a new object's details; answers its id (SPEC §4: the id comes from the first save). */
export async function createObject(details: ObjectDetails): Promise<string> {
  return (await request.post<string>(url(OBJECT_PATHS.info), details)).data;
}

export async function updateObject(id: string, details: ObjectDetails): Promise<ObjectInfo> {
  return (await request.put<ObjectInfo>(url(OBJECT_PATHS.info), { id, ...details })).data;
}

export async function getObject(id: string): Promise<ObjectInfo> {
  return (await request.get<ObjectInfo>(url(OBJECT_PATHS.infoById.replace(':id', encodeURIComponent(id))))).data;
}

/** SPEC §7 checkUnique: true when `{fileName}.kobj` is free in the folder (besides the object `id`). */
export async function isObjectNameFree(folderId: string, fileName: string, id?: string): Promise<boolean> {
  try {
    // A taken name is code 409, which the client does not toast: it is an answer here.
    await request.get(url(OBJECT_PATHS.checkUnique), { params: { folderId, fileName, ...(id ? { id } : {}) } });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the drawings or effect images: `keep` (ids, in order) then `files` appended. `onProgress` gets
 * the fraction of the body sent.
 */
export async function uploadAttachments(
  id: string,
  kind: ObjectAttachmentKind,
  keep: string[],
  files: File[],
  onProgress?: (fraction: number) => void,
): Promise<ObjectInfo> {
  const form = new FormData();
  form.append('infoId', id);
  for (const keptId of keep) form.append('ids', keptId);
  for (const file of files) form.append('files', file, file.name);
  const path = kind === 'paper' ? OBJECT_PATHS.uploadPaper : OBJECT_PATHS.uploadPreview;
  const answer = await request.post<ObjectInfo>(url(path), form, {
    // Big drawings take longer than the default 10 s to send.
    timeout: 0,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(event.loaded / event.total);
    },
  });
  return answer.data;
}

export async function saveObjectPrice(
  id: string,
  price: { price: number; currency: Currency; listed: boolean },
): Promise<ObjectInfo> {
  return (await request.post<ObjectInfo>(url(OBJECT_PATHS.savePrice), { id, ...price })).data;
}

/**
 * An attachment's picture: a drawing as the laser core reads it (768 px), an effect image as a 256 px
 * thumbnail. Shoppers see these before they buy.
 */
export function attachmentPictureUrl(attachmentId: string): string {
  return `${url(OBJECT_PATHS.attachment.replace(':id', encodeURIComponent(attachmentId)))}?picture=1`;
}

/** An attachment's address (the session cookie goes with it), shown inline. */
export function attachmentUrl(attachmentId: string, inline = true): string {
  const path = url(OBJECT_PATHS.attachment.replace(':id', encodeURIComponent(attachmentId)));
  return inline ? `${path}?inline=1` : path;
}
