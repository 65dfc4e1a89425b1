import { SUPPORT_IMAGE_TYPES, SUPPORT_LIMITS, type supportMessages } from '@kerf/contract';

export type AttachmentKind = 'image' | 'file';

/** The picture types the chat shows inline; the accept list of the picture picker. */
export const IMAGE_ACCEPT = SUPPORT_IMAGE_TYPES.join(',');

const IMAGE_NAME = /\.(png|jpe?g|webp|gif)$/i;

/**
 * A picture (shown inline, re-encoded by the server) or any other file (always a download). By its
 * type or its name, as the server decides: a file named .png is checked as a picture.
 */
export function attachmentKind(file: { type: string; name: string }): AttachmentKind {
  return (SUPPORT_IMAGE_TYPES as readonly string[]).includes(file.type) || IMAGE_NAME.test(file.name)
    ? 'image'
    : 'file';
}

/** The first rule a chosen file breaks (a key of the contract's supportMessages), or null. */
export function attachmentProblem(file: {
  type: string;
  name: string;
  size: number;
}): keyof Pick<typeof supportMessages, 'imageTooLarge' | 'fileTooLarge' | 'fileRequired'> | null {
  if (file.size <= 0) return 'fileRequired';
  if (attachmentKind(file) === 'image') return file.size > SUPPORT_LIMITS.imageMaxBytes ? 'imageTooLarge' : null;
  return file.size > SUPPORT_LIMITS.fileMaxBytes ? 'fileTooLarge' : null;
}

/** A picture's box in the list: at most `max` on its longer side, its own shape kept. */
export function thumbnailSize(
  attachment: { width?: number; height?: number } | null | undefined,
  max: number,
): { width: number; height: number } | null {
  const width = attachment?.width;
  const height = attachment?.height;
  if (!width || !height || width <= 0 || height <= 0) return null;
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
