import { API_PREFIX, PREVIEW_PATHS } from '@kerf/contract';

/**
 * Whose file a viewer reads: my own (the session cookie signs plain links in), or a share's (its
 * batch number and extraction code go along instead; read-only).
 */
export type FileAccess = { kind: 'own' } | { kind: 'share'; shareBatchNum: string; extractionCode: string };

export const OWN_FILES: FileAccess = Object.freeze({ kind: 'own' });

export function shareAccess(shareBatchNum: string, extractionCode: string): FileAccess {
  return { kind: 'share', shareBatchNum, extractionCode };
}

/** The query that names a file and, on a share, how it is reached. */
export function fileQuery(access: FileAccess, userFileId: string, extra: Record<string, string> = {}): URLSearchParams {
  const query = new URLSearchParams({ userFileId, ...extra });
  if (access.kind === 'share') {
    query.set('shareBatchNum', access.shareBatchNum);
    query.set('extractionCode', access.extractionCode);
  }
  return query;
}

const cloud = (path: string, query: URLSearchParams) => `${API_PREFIX.cloud}${path}?${query}`;

/** The file itself, inline, with byte ranges: a source for <img>, <video>, <audio> and pdf.js. */
export function previewUrl(access: FileAccess, userFileId: string): string {
  return cloud(PREVIEW_PATHS.preview, fileQuery(access, userFileId));
}

/** Its WebP thumbnail (404 when there is none). */
export function thumbnailUrl(access: FileAccess, userFileId: string): string {
  return cloud(PREVIEW_PATHS.preview, fileQuery(access, userFileId, { isMin: 'true' }));
}

/** An office document converted to PDF on the server. */
export function officePdfUrl(access: FileAccess, userFileId: string): string {
  return cloud(PREVIEW_PATHS.officePdf, fileQuery(access, userFileId));
}

/** The app's own PDF viewer page (a new tab), for a PDF or an office document. */
export function pdfPageUrl(
  access: FileAccess,
  file: { userFileId: string; fileName: string },
  source: 'pdf' | 'office' = 'pdf',
): string {
  const query = new URLSearchParams({ userFileId: file.userFileId, name: file.fileName });
  if (source === 'office') query.set('source', 'office');
  if (access.kind === 'share') {
    // the new tab has no session storage of its own: the code travels like a share link's ?pwd=
    if (access.extractionCode) query.set('pwd', access.extractionCode);
    return `${API_PREFIX.web}share/${encodeURIComponent(access.shareBatchNum)}/pdf?${query}`;
  }
  return `${API_PREFIX.web}pdf?${query}`;
}
