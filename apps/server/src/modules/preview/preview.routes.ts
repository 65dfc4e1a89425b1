import {
  envelopeOf,
  errorEnvelope,
  hasAnyPermission,
  OFFICE_EXTENSIONS,
  PREVIEW_PATHS,
  previewMessages,
} from '@kerf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { UserRepository } from '../account/user.repository.js';
import { callerOf } from '../auth/auth.plugin.js';
import { sendBlob, sendMadeFile } from '../drive/blob-response.js';
import { presentEntry } from '../drive/drive.presenter.js';
import { entry, entryResponse, folderRef } from '../drive/drive.schema.js';
import type { DriveService, StoredFile } from '../drive/drive.service.js';
import { placeInShare, type ShareService } from '../share/share.service.js';
import type { OfficeConverter } from './office-converter.js';
import type { OnlyOfficeService } from './onlyoffice.service.js';
import type { PreviewService, ReadScope } from './preview.service.js';
import type { ThumbnailService } from './thumbnails.js';

const tags = ['preview'];
const uuid = z.string().uuid();
/** Reads: my own files when signed in (header, cookie or `token`), or a share's with its code. */
const READ = { auth: 'optional', tokenCookie: true, tokenQuery: true } as const;
const WRITE = { permission: 'drive:file:edit' } as const;
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 410: errorEnvelope, 423: errorEnvelope };

const fileQuery = z.object({
  userFileId: uuid,
  shareBatchNum: z.string().max(64).optional(),
  extractionCode: z.string().max(64).optional(),
  token: z.string().max(512).optional(),
});
/** A save's answer: the entry and its new content hash. */
const savedResponse = envelopeOf(entry.extend({ sha256: z.string() }));
const flag = (v: string | undefined) => v === '1' || v === 'true';

export const previewRoutes: FastifyPluginAsyncZod<{
  drive: DriveService;
  shares: ShareService;
  previews: PreviewService;
  thumbnails: ThumbnailService;
  office: OfficeConverter;
  onlyoffice: OnlyOfficeService | null;
  blobs: BlobStore;
  users: UserRepository;
}> = async (app, { drive, shares, previews, thumbnails, office, onlyoffice, blobs, users }) => {
  /** The file a read names, and what else its reader may see: through a share, or as its owner. */
  async function readable(
    request: FastifyRequest,
    q: z.infer<typeof fileQuery>,
  ): Promise<{ file: StoredFile; scope: ReadScope }> {
    if (q.shareBatchNum) {
      const open = await shares.open(q.shareBatchNum, q.extractionCode, request.ip);
      const file = await shares.file(open, q.userFileId, false);
      return {
        file,
        scope: { ownerId: open.share.userId, canRead: (entry) => placeInShare(open.items, entry) !== null },
      };
    }
    const userId = callerOf(request).userId;
    return { file: await drive.file(userId, q.userFileId), scope: { ownerId: userId, canRead: () => true } };
  }

  app.get(
    PREVIEW_PATHS.preview,
    {
      config: READ,
      schema: {
        tags,
        summary: 'A thumbnail (isMin=true, WebP) or the file itself inline (with byte ranges), own or shared',
        querystring: fileQuery.extend({ isMin: z.string().optional() }),
        response: { ...errors, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { file } = await readable(request, request.query);
      if (!flag(request.query.isMin)) return sendBlob(request, reply, blobs, file, true);
      const etag = `"${request.server.contentTag(file.blobSha256)}-thumb"`;
      if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
      const source = { sha256: file.blobSha256, extendName: file.extendName, fileSize: file.fileSize };
      const path = thumbnails.supports(file.extendName) ? await thumbnails.get(source) : null;
      if (!path) throw AppError.notFound(previewMessages.noPreview);
      return sendMadeFile(reply, path, 'image/webp', `${file.name}.webp`, etag);
    },
  );

  app.get(
    PREVIEW_PATHS.audioInfo,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Title, artist, album, cover and duration from the tags; lyrics from the .lrc beside it',
        querystring: fileQuery,
        response: { ...errors },
      },
    },
    async (request) => {
      const { file, scope } = await readable(request, request.query);
      return ok(request, await previews.audioInfo(scope, file));
    },
  );

  app.get(
    PREVIEW_PATHS.content,
    {
      config: READ,
      schema: {
        tags,
        summary: 'The text of a file, with its content hash (send it back when saving)',
        querystring: fileQuery,
        response: { ...errors },
      },
    },
    async (request) => {
      const { file } = await readable(request, request.query);
      return ok(request, await previews.content(file));
    },
  );

  app.put(
    PREVIEW_PATHS.content,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Save new text; 409 when the file changed since `sha256` (the content the editor opened)',
        body: z.object({
          userFileId: uuid,
          content: z.string(),
          sha256: z.string().regex(/^[0-9a-f]{64}$/),
        }),
        response: { 200: savedResponse, 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { userFileId, content, sha256 } = request.body;
      const saved = await previews.save(callerOf(request).userId, userFileId, content, sha256);
      // The new content hash: the editor's base for its next save.
      return done(request, previewMessages.saved, { ...presentEntry(saved), sha256: saved.blobSha256 });
    },
  );

  app.post(
    PREVIEW_PATHS.createFile,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Create an empty txt, md, docx, xlsx or pptx (the type from the name)',
        body: z.object({ folderId: folderRef, fileName: z.string().max(1024) }),
        response: { 200: entryResponse, 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const entry = await previews.createFile(callerOf(request).userId, request.body.folderId, request.body.fileName);
      return done(request, previewMessages.created, presentEntry(entry));
    },
  );

  app.get(
    PREVIEW_PATHS.officePdf,
    {
      config: READ,
      schema: {
        tags,
        summary: 'An office document converted to PDF for the viewer (501 when no converter is installed)',
        querystring: fileQuery,
        response: { ...errors, 501: errorEnvelope, 502: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { file } = await readable(request, request.query);
      if (!(OFFICE_EXTENSIONS as readonly string[]).includes(file.extendName)) {
        throw AppError.badRequest(previewMessages.noPreview);
      }
      if (!office.available) throw new AppError(501, previewMessages.converterMissing, { code: 501 });
      const path = await office.pdf({ sha256: file.blobSha256, extendName: file.extendName }).catch((err) => {
        request.log.warn({ err }, 'office conversion failed');
        throw new AppError(502, previewMessages.conversionFailed, { code: 502 });
      });
      const name = `${file.name.replace(/\.[^.]+$/, '')}.pdf`;
      return sendMadeFile(reply, path, 'application/pdf', name, `"${request.server.contentTag(file.blobSha256)}-pdf"`);
    },
  );

  // OnlyOffice (SPEC §2 route Onlyoffice): only when a document server is configured.
  const documentServer = () => {
    if (!onlyoffice) throw new AppError(501, previewMessages.onlyofficeOff, { code: 501 });
    return onlyoffice;
  };

  app.get(
    PREVIEW_PATHS.onlyofficeConfig,
    {
      config: { permission: 'drive:file:list' },
      schema: {
        tags,
        summary: 'The signed OnlyOffice editor configuration for a file of mine (ot=detail to view, edit to edit)',
        querystring: z.object({ userFileId: uuid, ot: z.enum(['detail', 'edit']).default('detail') }),
        response: { 400: errorEnvelope, 404: errorEnvelope, 501: errorEnvelope },
      },
    },
    async (request) => {
      const server = documentServer();
      const caller = callerOf(request);
      const file = await drive.file(caller.userId, request.query.userFileId);
      const nickName = (await users.findById(caller.userId))?.nickName || 'Kerf';
      const mode = request.query.ot === 'edit' && hasAnyPermission(caller, ['drive:file:edit']) ? 'edit' : 'detail';
      return ok(request, await server.config({ userId: caller.userId, nickName }, file, mode, request.locale));
    },
  );

  app.post(
    PREVIEW_PATHS.onlyofficeAdd,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Create an empty office document and return its editor configuration (ot=add)',
        body: z.object({
          folderId: folderRef,
          fileName: z.string().max(1024),
          extendName: z.string().max(8).optional(),
        }),
        response: { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 501: errorEnvelope },
      },
    },
    async (request) => {
      const server = documentServer();
      const caller = callerOf(request);
      const { folderId, fileName, extendName } = request.body;
      const name =
        extendName && !fileName.toLowerCase().endsWith(`.${extendName}`) ? `${fileName}.${extendName}` : fileName;
      const entry = await previews.createFile(caller.userId, folderId, name);
      const file = await drive.file(caller.userId, entry.id);
      const nickName = (await users.findById(caller.userId))?.nickName || 'Kerf';
      return ok(request, await server.config({ userId: caller.userId, nickName }, file, 'edit', request.locale));
    },
  );

  app.get(
    PREVIEW_PATHS.onlyofficeFile,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The document server fetches a file here with the short-lived link it was given',
        querystring: z.object({ token: z.string().max(2048).optional() }),
        response: { 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { userId, fileId } = await documentServer().readLink(request.query.token, 'file');
      return sendBlob(request, reply, blobs, await drive.file(userId, fileId), false);
    },
  );

  app.post(
    PREVIEW_PATHS.onlyofficeCallback,
    {
      config: { auth: 'public', duplicateSubmit: false },
      schema: {
        tags,
        summary: 'The document server reports editing state here, signed; status 2 or 6 saves a new version',
        querystring: z.object({ token: z.string().max(2048).optional() }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ error: z.number() }), 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      await documentServer().callback(request.query.token, request.body, request.headers.authorization);
      return { error: 0 };
    },
  );
};
