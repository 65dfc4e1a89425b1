import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import {
  driveMessages,
  errorEnvelope,
  extensionOf,
  OBJECT_LIMITS,
  OBJECT_PATHS,
  type ObjectAttachmentKind,
  objectMessages,
} from '@kerf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { callerOf } from '../auth/auth.plugin.js';
import { sendBlob, sendMadeFile, wantsInline } from '../drive/blob-response.js';
import type { ThumbnailService } from '../preview/thumbnails.js';
import {
  attachmentQuery,
  checkUniqueQuery,
  countResponse,
  createBody,
  idParams,
  idResponse,
  infoResponse,
  pathQuery,
  pathResponse,
  removeBody,
  savePriceBody,
  updateBody,
} from './object.schema.js';
import type { ObjectService, StagedAttachment } from './object.service.js';

const tags = ['objects'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };
const uploadErrors = { ...errors, 413: errorEnvelope };

/** Who may do what (users hold gallery:*:*, see DEFAULT_USER_PERMISSIONS). */
export const OBJECT_PERMISSIONS = { view: 'gallery:item:list', edit: 'gallery:object:edit' } as const;

/** A file part's name without any folders a client put in front of it. */
function partName(filename: string): string {
  return basename(filename.replace(/\\/g, '/')).trim().slice(0, 255);
}

/**
 * SPEC §7 upload/paper and upload/preview: `infoId`, repeated `ids` (kept attachments) and repeated
 * `files`, in any order. Each file is read (at most 50 MB), checked by its reader and stored as it
 * arrives, so no more than one file is held in memory; when the object id comes first (as the web app
 * sends it), a stranger's or a missing object is refused before any file is read.
 */
async function readUpload(request: FastifyRequest, objects: ObjectService, kind: ObjectAttachmentKind) {
  const userId = callerOf(request).userId;
  const limit = kind === 'paper' ? OBJECT_LIMITS.papersMax : OBJECT_LIMITS.previewsMax;
  let infoId: string | undefined;
  const keep: string[] = [];
  const added: StagedAttachment[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (keep.length + added.length + 1 > limit) throw AppError.badRequest(objectMessages.tooMany);
        const bytes = await part.toBuffer();
        added.push(await objects.stage(kind, partName(part.filename), bytes));
      } else if (part.fieldname === 'infoId') {
        infoId = String(part.value);
        await objects.assertAttachable(userId, infoId, kind, keep.length + added.length);
      } else if (part.fieldname === 'ids' || part.fieldname === 'ids[]') {
        keep.push(
          ...String(part.value)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, objectMessages.tooLarge, { code: 413 });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw AppError.badRequest(objectMessages.tooMany);
    }
    throw error;
  }
  if (!infoId || !/^[0-9a-f-]{36}$/i.test(infoId)) throw AppError.notFound(objectMessages.notFound);
  return { userId, infoId, keep, added };
}

/** Objects and their attachments (contract: packages/contract/src/objects.ts), under /cloud-api. */
export const objectRoutes: FastifyPluginAsyncZod<{
  objects: ObjectService;
  blobs: BlobStore;
  thumbnails: ThumbnailService;
}> = async (app, { objects, blobs, thumbnails }) => {
  await app.register(multipart, {
    limits: {
      fileSize: OBJECT_LIMITS.attachmentMaxBytes,
      files: Math.max(OBJECT_LIMITS.papersMax, OBJECT_LIMITS.previewsMax),
      fields: 100,
    },
  });

  app.post(
    OBJECT_PATHS.info,
    {
      config: { permission: OBJECT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Save a new object’s details (a draft in my drive as `{fileName}.kobj`); answers its id',
        body: createBody,
        response: { 200: idResponse, ...errors },
      },
    },
    async (request) => {
      // The form has an id once its first save answered: saving it again would make a second object.
      if (request.body.id) throw new AppError(409, objectMessages.duplicateSubmit, { code: 409 });
      const id = await objects.create(callerOf(request).userId, request.body);
      return done(request, objectMessages.saved, id);
    },
  );

  app.put(
    OBJECT_PATHS.info,
    {
      config: { permission: OBJECT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change my object’s details (a new name or folder renames or moves its drive entry)',
        body: updateBody,
        response: { 200: infoResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...details } = request.body;
      return done(request, objectMessages.saved, await objects.update(callerOf(request).userId, id, details));
    },
  );

  app.delete(
    OBJECT_PATHS.info,
    {
      config: { permission: OBJECT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Move my objects to the recycle bin (ids comma-joined or a list)',
        body: removeBody,
        response: { 200: countResponse, ...errors },
      },
    },
    async (request) => {
      const count = await objects.remove(callerOf(request).userId, request.body.ids);
      return done(request, driveMessages.deleted, count);
    },
  );

  app.get(
    OBJECT_PATHS.checkUnique,
    {
      config: { permission: OBJECT_PERMISSIONS.view },
      schema: {
        tags,
        summary: 'Is `{fileName}.kobj` free in the folder? Fails with 名称已经存在 when taken',
        querystring: checkUniqueQuery,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { folderId, fileName, id } = request.query;
      if (!(await objects.isNameFree(callerOf(request).userId, folderId, fileName, id))) {
        throw AppError.conflict(objectMessages.nameExists);
      }
      return ok(request, null);
    },
  );

  app.get(
    OBJECT_PATHS.enginePath,
    {
      config: { permission: OBJECT_PERMISSIONS.view },
      schema: {
        tags,
        summary: 'Where my object lies in my drive',
        querystring: pathQuery,
        response: { 200: pathResponse, ...errors },
      },
    },
    async (request) => ok(request, await objects.enginePath(callerOf(request).userId, request.query.id)),
  );

  app.get(
    OBJECT_PATHS.infoById,
    {
      config: { permission: OBJECT_PERMISSIONS.view },
      schema: {
        tags,
        summary: 'An object: mine in any state, or a listed one of anyone',
        params: idParams,
        response: { 200: infoResponse, ...errors },
      },
    },
    async (request) => ok(request, await objects.get(callerOf(request).userId, request.params.id)),
  );

  for (const [path, kind] of [
    [OBJECT_PATHS.uploadPaper, 'paper'],
    [OBJECT_PATHS.uploadPreview, 'preview'],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: OBJECT_PERMISSIONS.edit },
        schema: {
          tags,
          summary:
            kind === 'paper'
              ? 'Set my object’s machining drawings: multipart `infoId`, repeated `ids` (kept, in order) and `files` (appended)'
              : 'Set my object’s effect images: multipart `infoId`, repeated `ids` (kept, in order) and `files` (appended)',
          consumes: ['multipart/form-data'],
          response: { 200: infoResponse, ...uploadErrors },
        },
      },
      async (request) => {
        const { userId, infoId, keep, added } = await readUpload(request, objects, kind);
        return done(request, objectMessages.saved, await objects.attach(userId, infoId, kind, keep, added));
      },
    );
  }

  app.post(
    OBJECT_PATHS.savePrice,
    {
      config: { permission: OBJECT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Set my object’s price (integer minor units: fen, cent; 0 is free), currency and listing',
        body: savePriceBody,
        response: { 200: infoResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...price } = request.body;
      return done(request, objectMessages.saved, await objects.savePrice(callerOf(request).userId, id, price));
    },
  );

  app.get(
    OBJECT_PATHS.attachment,
    {
      // <img> sources and download links carry the session cookie, not a header.
      config: { permission: OBJECT_PERMISSIONS.view, tokenCookie: true },
      schema: {
        tags,
        summary:
          'An attachment’s bytes (inline=1 to show): mine, or an effect image of a listed object; ' +
          'picture=1: a WebP picture of it (a drawing as the laser core reads it), for anyone who sees the object',
        params: idParams,
        querystring: attachmentQuery,
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const userId = callerOf(request).userId;
      if (wantsInline(request.query.picture)) {
        const file = await objects.pictured(userId, request.params.id);
        const etag = `"${request.server.contentTag(file.sha256)}-picture"`;
        if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
        const source = { sha256: file.sha256, extendName: extensionOf(file.name), fileSize: file.size };
        const path = file.kind === 'paper' ? await thumbnails.drawing(source) : await thumbnails.get(source);
        if (!path) throw AppError.notFound(objectMessages.noPicture);
        return sendMadeFile(reply, path, 'image/webp', `${file.name}.webp`, etag);
      }
      const file = await objects.attachment(userId, request.params.id);
      const stored = { name: file.name, blobSha256: file.sha256, fileSize: file.size, updatedAt: file.createdAt };
      return sendBlob(request, reply, blobs, stored, wantsInline(request.query.inline));
    },
  );
};
