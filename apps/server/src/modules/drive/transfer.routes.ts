import { PassThrough } from 'node:stream';
import {
  CLASH_POLICIES,
  driveMessages,
  envelopeOf,
  errorEnvelope,
  SHA256_HEX,
  transferMessages,
  UPLOAD_PROOF_RANGES,
} from '@kerf/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import mime from 'mime';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { done, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { callerOf } from '../auth/auth.plugin.js';
import { sendBlob, sendZip, wantsInline } from './blob-response.js';
import { presentEntry } from './drive.presenter.js';
import { entry, idList, nameClash } from './drive.schema.js';
import type { DriveService } from './drive.service.js';
import type { ExportFiles } from './export-files.js';
import type { UploadService } from './upload.service.js';

const tags = ['drive'];
const READ = { permission: 'drive:file:list' } as const;
const WRITE = { permission: 'drive:file:edit' } as const;
/** Plain links (downloads) may authenticate with the web app's cookie. */
const DOWNLOAD = { ...READ, tokenCookie: true } as const;
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope };
const uuid = z.string().uuid();
const initBody = z.object({
  fileName: z.string().max(1024),
  folderId: z.union([z.string(), z.number()]).optional(),
  relativePath: z.string().max(4096).optional(),
  fileSize: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(SHA256_HEX)),
  proof: z
    .object({
      challengeId: z.string().max(64),
      hashes: z.array(z.string().max(64)).max(UPLOAD_PROOF_RANGES),
    })
    .optional()
    .describe('The answer to the challenge an earlier init of this file gave: SHA-256 of nonce + each range'),
  onClash: z.enum(CLASH_POLICIES).optional(),
});
const challenge = z
  .object({
    challengeId: z.string(),
    nonce: z.string(),
    ranges: z.array(z.object({ offset: z.number(), length: z.number() })),
  })
  .describe('Given when the content is stored already: answer it with proof in a new init to skip the upload');
/** `replace` when the init said so: the file in the way gets this content. */
const completeBody = z.object({ onClash: z.enum(CLASH_POLICIES).optional() }).nullish();
const ticket = z.object({
  skipUpload: z.boolean(),
  uploadId: z.string().optional(),
  chunkSize: z.number().optional(),
  totalChunks: z.number().optional(),
  uploaded: z.array(z.number()).optional(),
  challenge: challenge.optional(),
  entry: entry.optional(),
  /** With onClash `ask` or `skip`: the entry of that name already there (nothing was filed). */
  clash: nameClash.optional(),
  skipped: z.boolean().optional(),
});
const pendingUpload = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  sha256: z.string(),
  uploadedBytes: z.number(),
  targetPath: z.string(),
  updatedAt: z.string(),
});
const quota = z.object({ usedBytes: z.number(), quotaBytes: z.number() });

/**
 * Upload, download and quota calls of the drive (contract: packages/contract/src/transfer.ts), under
 * /cloud-api. Chunks are raw bodies streamed to disk; downloads stream from the blob store.
 */
export const transferRoutes: FastifyPluginAsyncZod<{
  drive: DriveService;
  uploads: UploadService;
  blobs: BlobStore;
}> = async (app, { drive, uploads, blobs }) => {
  app.post(
    '/engine/filetransfer/upload/init',
    {
      // Asking again is how a client resumes, so it is never a duplicate submit.
      config: { ...WRITE, duplicateSubmit: false },
      schema: {
        tags,
        summary:
          'Start or resume an upload; skipUpload with the entry when the content is stored already and ' +
          'the caller holds it (a file of their own, or the proof a challenge asked for)',
        body: initBody,
        response: { 200: envelopeOf(ticket), ...errors },
      },
    },
    async (request) => {
      const { folderId, ...rest } = request.body;
      const folder =
        folderId === undefined || folderId === '' || folderId === 0 || folderId === '0' ? null : String(folderId);
      if (folder !== null && !uuid.safeParse(folder).success) throw AppError.notFound(driveMessages.notFound);
      const result = await uploads.init(callerOf(request).userId, { ...rest, folderId: folder ?? undefined });
      if ('clash' in result) return ok(request, result);
      if (result.skipUpload)
        return done(request, transferMessages.uploaded, { skipUpload: true, entry: presentEntry(result.entry) });
      return ok(request, result);
    },
  );

  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    // Chunk bodies are passed on as the request stream, never buffered.
    raw.addContentTypeParser('*', (_request, payload, next) => next(null, payload));
    raw.put(
      '/engine/filetransfer/upload/:uploadId/:chunkIndex',
      {
        // one operation per upload (init and complete), not one per chunk
        config: { ...WRITE, duplicateSubmit: false, operLog: false },
        schema: {
          tags,
          summary: 'Send one chunk as the raw body (application/octet-stream); chunks may go in parallel',
          params: z.object({ uploadId: uuid, chunkIndex: z.coerce.number().int().min(0) }),
          response: { 200: envelopeOf(z.object({ uploaded: z.number(), totalChunks: z.number() })), ...errors },
        },
      },
      async (request) => {
        const length = request.headers['content-length'];
        const result = await uploads.putChunk(
          callerOf(request).userId,
          request.params.uploadId,
          request.params.chunkIndex,
          (request.body as NodeJS.ReadableStream | undefined) ?? new PassThrough().end(),
          length === undefined ? undefined : Number(length),
        );
        return ok(request, result);
      },
    );
  });

  app.post(
    '/engine/filetransfer/upload/:uploadId/complete',
    {
      config: { ...WRITE, duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Check the assembled file against its SHA-256 and file it (409 lists missing chunks)',
        params: z.object({ uploadId: uuid }),
        body: completeBody,
        response: { 200: envelopeOf(entry), ...errors },
      },
    },
    async (request) => {
      const row = await uploads.complete(callerOf(request).userId, request.params.uploadId, request.body?.onClash);
      return done(request, transferMessages.uploaded, presentEntry(row));
    },
  );

  app.get(
    '/engine/filetransfer/upload',
    {
      config: READ,
      schema: { tags, summary: 'My unfinished uploads', response: { 200: envelopeOf(z.array(pendingUpload)) } },
    },
    async (request) => ok(request, await uploads.pending(callerOf(request).userId)),
  );

  app.delete(
    '/engine/filetransfer/upload/:uploadId',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Cancel an upload and drop its bytes',
        params: z.object({ uploadId: uuid }),
        response: { 200: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      await uploads.cancel(callerOf(request).userId, request.params.uploadId);
      return done(request, transferMessages.cancelled);
    },
  );

  app.get(
    '/engine/filetransfer/downloadfile',
    {
      config: DOWNLOAD,
      schema: {
        tags,
        summary: 'Download a file: Range, ETag/If-None-Match, UTF-8 file name; inline=1 to view in the browser',
        querystring: z.object({ userFileId: uuid, inline: z.string().optional() }),
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const file = await drive.file(callerOf(request).userId, request.query.userFileId);
      return sendBlob(request, reply, blobs, file, wantsInline(request.query.inline));
    },
  );

  app.get(
    '/engine/filetransfer/batchDownloadFile',
    {
      config: DOWNLOAD,
      schema: {
        tags,
        summary: 'Download files and folders (userFileIds comma-joined) as one zip, streamed',
        querystring: z.object({ userFileIds: idList }),
        response: { 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const userId = callerOf(request).userId;
      const items = await drive.packList(userId, request.query.userFileIds);
      return sendZip(reply, blobs, items);
    },
  );

  app.get(
    '/engine/quota',
    {
      config: READ,
      schema: { tags, summary: 'My storage: bytes used and total', response: { 200: envelopeOf(quota) } },
    },
    async (request) => ok(request, await drive.quota(callerOf(request).userId)),
  );
};

/**
 * SPEC §7 Download: `GET /web/common/download?fileName=&delete=` hands out a file the server made for
 * the caller (removed after sending when `delete=true`), `GET /web/common/download/resource?resource=`
 * a file of the caller's drive by its path. Both name the file in a `download-filename` header too.
 */
export const commonDownloadRoutes: FastifyPluginAsyncZod<{
  drive: DriveService;
  blobs: BlobStore;
  exports: ExportFiles;
}> = async (app, { drive, blobs, exports }) => {
  app.get(
    '/web/common/download',
    {
      config: DOWNLOAD,
      schema: {
        tags,
        summary: 'Download a file the server prepared for me (an export); delete=true removes it afterwards',
        querystring: z.object({ fileName: z.string().max(400), delete: z.string().optional() }),
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const file = await exports.open(callerOf(request).userId, request.query.fileName);
      if (request.query.delete === 'true' || request.query.delete === '1') {
        reply.raw.once('finish', () => {
          file.remove().catch(() => {});
        });
      }
      reply
        .header('Content-Type', mime.getType(file.displayName) ?? 'application/octet-stream')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.displayName))
        .header('download-filename', encodeURIComponent(file.displayName))
        .header('Cache-Control', 'private, no-store');
      return (reply as FastifyReply).send(file.stream());
    },
  );

  app.get(
    '/web/common/download/resource',
    {
      config: DOWNLOAD,
      schema: {
        tags,
        summary: 'Download a file of my drive by its path (e.g. /drawings/plate.zip)',
        querystring: z.object({ resource: z.string().min(1).max(4096) }),
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const file = await drive.fileAtPath(callerOf(request).userId, request.query.resource);
      reply.header('download-filename', encodeURIComponent(file.name));
      return sendBlob(request, reply, blobs, file, false);
    },
  );
};
