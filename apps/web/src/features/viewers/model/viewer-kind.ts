import { AUDIO_EXTENSIONS, IMAGE_EXTENSIONS, OFFICE_EXTENSIONS, VIDEO_EXTENSIONS } from '@kerf/contract';

/** Which viewer opens a file: decided by its extension alone (SPEC §9 "Preview extensions"). */
export type ViewerKind = 'image' | 'video' | 'audio' | 'pdf' | 'office';

interface FileFacts {
  isDir: 0 | 1 | boolean;
  extendName: string;
}

const lower = (ext: string | null | undefined) => (ext ?? '').toLowerCase();
const inList = (list: readonly string[], ext: string) => list.includes(ext);

export function viewerKindOf(entry: FileFacts): ViewerKind | null {
  if (entry.isDir) return null;
  const ext = lower(entry.extendName);
  if (inList(IMAGE_EXTENSIONS, ext)) return 'image';
  if (inList(VIDEO_EXTENSIONS, ext)) return 'video';
  if (inList(AUDIO_EXTENSIONS, ext)) return 'audio';
  if (ext === 'pdf') return 'pdf';
  if (inList(OFFICE_EXTENSIONS, ext)) return 'office';
  return null;
}

/**
 * Video containers every current browser plays natively (SPEC §9: video mp4; WebM is the web's own
 * format). AVI, MPG, MOV, SWF and MKV are listed in the playlist but need downloading.
 */
export const BROWSER_VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;

export function isPlayableVideo(extendName: string): boolean {
  return inList(BROWSER_VIDEO_EXTENSIONS, lower(extendName));
}

/** Images the browser draws itself; TIFF is shown from its (server-made) thumbnail instead. */
const BROWSER_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'bmp', 'webp'] as const;

export function isBrowserImage(extendName: string): boolean {
  return inList(BROWSER_IMAGE_EXTENSIONS, lower(extendName));
}

/** Server-made thumbnails exist for images and (with ffmpeg on the server) MP4 poster frames. */
export function hasThumbnail(entry: FileFacts & { fileSize?: number }): boolean {
  if (entry.isDir || entry.fileSize === 0) return false;
  const ext = lower(entry.extendName);
  return inList(IMAGE_EXTENSIONS, ext) || ext === 'mp4';
}

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
};

/** Whether the browser says it can play this audio type; `canPlayType` is the media element's. */
export function isPlayableAudio(extendName: string, canPlayType: (type: string) => string): boolean {
  const type = AUDIO_TYPES[lower(extendName)];
  return type !== undefined && canPlayType(type) !== '';
}

/** The entries of a list that one viewer shows together, in the list's order. */
export function entriesOfKind<T extends FileFacts>(entries: readonly T[], kind: ViewerKind): T[] {
  return entries.filter((entry) => viewerKindOf(entry) === kind);
}
