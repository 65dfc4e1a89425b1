import { useEffect } from 'react';
import type { DriveEntry } from '../../../api/drive-api';
import { messageOf, RequestError } from '../../../api/request';
import { i18n } from '../../../i18n/i18n';
import { useStore } from '../../../stores/create-store';
import { sessionStore } from '../../../stores/session-store';
import { clashResolver } from '../clash/clash-prompt';
import { browserTransport } from './browser-transport';
import { createUploadQueue, type UploadItem } from './upload-queue';

type Listener = (item: UploadItem, entry: DriveEntry) => void;
const listeners = new Set<Listener>();

/**
 * The page's one upload queue. It lives outside React, so uploads keep going while the person opens
 * other folders or other pages of the app.
 */
export const driveUploads = createUploadQueue<DriveEntry>({
  transport: browserTransport,
  // three files at a time: a folder of small drawings is mostly round trips, not bytes
  parallelFiles: 3,
  describeError: describeUploadError,
  entryName: (entry) => entry?.fileName,
  resolveClash: (item, clash) => clashResolver.resolve({ batch: item.batch, clash, purpose: 'upload' }),
  onFinished: (item, entry) => {
    for (const listener of listeners) listener(item, entry);
  },
});

/**
 * A failure in the panel: the server's words, and for a full quota why it may be full without any
 * new file showing (unfinished uploads hold their size) and what to do about it.
 */
function describeUploadError(error: unknown): string {
  const message = messageOf(error, String(error));
  const noRoom = error instanceof RequestError && (error.status === 413 || error.code === 413);
  return noRoom ? i18n.t('drive.upload.noRoom', { message }) : message;
}

// a new person (or nobody) on this tab: the last person's uploads stop and leave the list
let uploader = sessionStore.getState().user?.userId;
sessionStore.subscribe(() => {
  const now = sessionStore.getState().user?.userId;
  if (now === uploader) return;
  uploader = now;
  driveUploads.forgetAll();
});

export function onUploadFinished(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploadItems(): UploadItem[] {
  return useStore(driveUploads, (state) => state.items);
}

/** Refreshes the drive (list, tree, quota) as uploads land; once for a burst of small files. */
export function useRefreshOnUploads(refresh: () => unknown) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onUploadFinished(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 250);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [refresh]);
}
