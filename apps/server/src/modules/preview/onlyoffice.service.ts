import { Readable } from 'node:stream';
import { type OnlyOfficeConfig, PREVIEW_PATHS, previewMessages } from '@kerf/contract';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { DriveService, StoredFile } from '../drive/drive.service.js';

/** How long the document server may fetch a file with the link it was given. */
const FILE_LINK_SECONDS = 15 * 60;
/** How long it may call back about one editing session (they can last a working day). */
const CALLBACK_SECONDS = 24 * 3600;
/** The largest document version the callback downloads. */
const MAX_VERSION_BYTES = 512 * 1024 * 1024;

const DOCUMENT_TYPES: Record<string, 'word' | 'cell' | 'slide'> = {
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  txt: 'word',
  xls: 'cell',
  xlsx: 'cell',
  ods: 'cell',
  csv: 'cell',
  ppt: 'slide',
  pptx: 'slide',
  odp: 'slide',
};

type Purpose = 'file' | 'callback';
const forbidden = () => new AppError(403, 'status403', { code: 403 });

/**
 * Editing office documents in an OnlyOffice Document Server (ONLYOFFICE_URL): the editor's
 * configuration is signed with the shared secret; the server fetches the file by a short-lived link
 * signed for that file alone (never a person's token) and calls back, signed, when a version is saved.
 */
export class OnlyOfficeService {
  private readonly key: Uint8Array;

  constructor(
    private readonly deps: {
      settings: { url: string; jwtSecret: string };
      /** This server as the document server reaches it (PUBLIC_URL). */
      publicUrl: string;
      drive: DriveService;
      blobs: BlobStore;
    },
  ) {
    this.key = new TextEncoder().encode(deps.settings.jwtSecret);
  }

  private sign(claims: Record<string, unknown>, seconds: number) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  /** Our own link token: which file, whose, and for what. */
  private async link(purpose: Purpose, userId: string, file: StoredFile, seconds: number) {
    const token = await this.sign({ purpose, uid: userId, fid: file.id }, seconds);
    const path = purpose === 'file' ? PREVIEW_PATHS.onlyofficeFile : PREVIEW_PATHS.onlyofficeCallback;
    return `${this.deps.publicUrl}/cloud-api${path}?token=${encodeURIComponent(token)}`;
  }

  /** Reads a link token; anything wrong (forged, expired, another purpose) is 403. */
  async readLink(token: string | undefined, purpose: Purpose): Promise<{ userId: string; fileId: string }> {
    if (!token) throw forbidden();
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.purpose !== purpose || typeof payload.uid !== 'string' || typeof payload.fid !== 'string') {
        throw forbidden();
      }
      return { userId: payload.uid, fileId: payload.fid };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw forbidden();
    }
  }

  /** The signed editor configuration for a file of mine, to view (`detail`) or edit. */
  async config(
    user: { userId: string; nickName: string },
    file: StoredFile,
    mode: 'detail' | 'edit',
    lang: string,
  ): Promise<OnlyOfficeConfig> {
    const documentType = DOCUMENT_TYPES[file.extendName];
    if (!documentType) throw AppError.badRequest(previewMessages.noPreview);
    const config: Record<string, unknown> = {
      documentType,
      document: {
        fileType: file.extendName,
        // A new key per content: the document server caches by key.
        key: `${file.id}-${file.blobSha256.slice(0, 20)}`,
        title: file.name,
        url: await this.link('file', user.userId, file, FILE_LINK_SECONDS),
        permissions: { edit: mode === 'edit', download: true, print: true },
      },
      editorConfig: {
        mode: mode === 'edit' ? 'edit' : 'view',
        lang: lang.startsWith('zh') ? 'zh-CN' : 'en',
        callbackUrl: await this.link('callback', user.userId, file, CALLBACK_SECONDS),
        user: { id: user.userId, name: user.nickName },
      },
    };
    config.token = await this.sign(config, CALLBACK_SECONDS);
    return { documentServerUrl: this.deps.settings.url, config };
  }

  /**
   * The document server's callback (status 2: ready to save, 6: force-saved). Its signature (the
   * `token` in the body, or the Authorization header) must verify with the shared secret; the new
   * version is downloaded only from the document server itself and saved as the file's new content.
   */
  async callback(
    link: string | undefined,
    body: Record<string, unknown>,
    authorization: string | undefined,
  ): Promise<void> {
    const { userId, fileId } = await this.readLink(link, 'callback');
    const signed = typeof body.token === 'string' ? body.token : authorization?.replace(/^Bearer\s+/i, '');
    if (!signed) throw forbidden();
    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(signed, this.key, { algorithms: ['HS256'] });
      // The header form wraps the body in `payload`.
      payload = (verified.payload.payload as Record<string, unknown> | undefined) ?? verified.payload;
    } catch {
      throw forbidden();
    }
    const status = Number(payload.status);
    if (status !== 2 && status !== 6) return;
    const url = typeof payload.url === 'string' ? payload.url : '';
    if (!url || new URL(url).origin !== new URL(this.deps.settings.url).origin) throw forbidden();
    const file = await this.deps.drive.file(userId, fileId);
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(120_000) });
    if (!response.ok || !response.body) throw new AppError(502, 'statusDefault', { code: 502 });
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_VERSION_BYTES) throw new AppError(413, 'statusDefault', { code: 413 });
    const blob = await this.deps.blobs.put(Readable.fromWeb(response.body as never), { maxBytes: MAX_VERSION_BYTES });
    await this.deps.drive.noteStored([blob]);
    await this.deps.drive.replaceBlob(userId, file.id, blob);
  }
}
