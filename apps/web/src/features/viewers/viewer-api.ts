import { type AudioInfo, type OnlyOfficeConfig, PREVIEW_PATHS } from '@kerf/contract';
import { CLOUD_API, request } from '../../api/request';
import { settingsStore } from '../../stores/settings-store';
import { fileNameOf } from './model/content-disposition';
import { type FileAccess, fileQuery } from './model/file-access';

/** The viewers' calls (@kerf/contract preview.ts) that answer in the `{code, msg, data}` envelope. */

export async function fetchAudioInfo(access: FileAccess, userFileId: string): Promise<AudioInfo> {
  const params = Object.fromEntries(fileQuery(access, userFileId));
  return (await request.get<AudioInfo>(`${CLOUD_API}${PREVIEW_PATHS.audioInfo}`, { params })).data;
}

export async function fetchOnlyOfficeConfig(userFileId: string, ot: 'detail' | 'edit'): Promise<OnlyOfficeConfig> {
  const params = { userFileId, ot };
  return (await request.get<OnlyOfficeConfig>(`${CLOUD_API}${PREVIEW_PATHS.onlyofficeConfig}`, { params })).data;
}

export async function addOnlyOfficeDocument(body: {
  folderId: string;
  fileName: string;
  extendName: string;
}): Promise<OnlyOfficeConfig> {
  return (await request.post<OnlyOfficeConfig>(`${CLOUD_API}${PREVIEW_PATHS.onlyofficeAdd}`, body)).data;
}

/** A refusal read from a file answer's envelope (501 no converter, 502 failed, 404 gone…). */
export class FileProblem extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The bytes of a file link (the office PDF); a refusal becomes a FileProblem with the server's own
 * words, in the app's language.
 */
export async function fetchFileBytes(
  url: string,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { 'Accept-Language': settingsStore.getState().locale },
    signal,
  });
  if (!response.ok) throw await problemOf(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The server's message of a refused file link, asking again when pdf.js only knows the status. */
export async function problemOf(response: Response): Promise<FileProblem> {
  let message = '';
  try {
    const body = (await response.json()) as { msg?: unknown };
    if (typeof body.msg === 'string') message = body.msg;
  } catch {
    // not an envelope: the status says enough
  }
  return new FileProblem(message, response.status);
}
