import multipart from '@fastify/multipart';
import { CRAFT_LIMITS, CRAFT_PATHS, CRAFT_PERMISSIONS, craftMessages, errorEnvelope, format } from '@kerf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  copyBody,
  countResponse,
  craftResponse,
  craftsResponse,
  createBody,
  exportQuery,
  facetsResponse,
  idParams,
  idsParams,
  importQuery,
  importResponse,
  libraryQuery,
  listQuery,
  listResponse,
  previewResponse,
  revisionsResponse,
  updateBody,
} from './craft.schema.js';
import type { CraftFile, CraftService } from './craft.service.js';
import { craftFileFailure } from './craft-file-failure.js';
import { CraftFileError } from './lightburn/craft-file-error.js';

const tags = ['craft'];
const READ = { permission: CRAFT_PERMISSIONS.list };
/** Writes name the library in the body or the craft; the service checks craft:standard:edit for standard. */
const WRITE = { permission: [CRAFT_PERMISSIONS.personal, CRAFT_PERMISSIONS.standard] };
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const fileErrors = { ...errors, 413: errorEnvelope };

/** The uploaded library file (multipart field `file`), refused above the size limit before it is read. */
async function uploadedFile(request: FastifyRequest): Promise<CraftFile> {
  const file = await request.file();
  if (!file) throw AppError.badRequest(craftMessages.importUnknownFormat);
  const bytes = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, craftMessages.importTooLarge, { code: 413 });
    throw err;
  });
  return { fileName: file.filename, bytes };
}

/** Runs a file-reading call, turning a refused file into its message in both languages. */
async function readingFile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CraftFileError) throw craftFileFailure(error);
    throw error;
  }
}

/** Craft libraries (contract: packages/contract/src/craft.ts), under /cloud-api. */
export const craftRoutes: FastifyPluginAsyncZod<{ crafts: CraftService }> = async (app, { crafts }) => {
  await app.register(multipart, { limits: { fileSize: CRAFT_LIMITS.importMaxBytes, files: 1, fields: 10 } });

  app.get(
    CRAFT_PATHS.list,
    {
      config: READ,
      schema: {
        tags,
        summary: 'A page of crafts of the standard library or of my personal one, filtered and sorted',
        querystring: listQuery,
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) => {
      const { library, page, limit, sort, order, ...filter } = request.query;
      const { list, total } = await crafts.list(callerOf(request).userId, library, filter, {
        page,
        limit,
        sort,
        order,
      });
      return ok(request, { list, total, page, limit });
    },
  );

  app.get(
    CRAFT_PATHS.facets,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Materials, machine models and power classes in a library (for filters)',
        querystring: libraryQuery,
        response: { 200: facetsResponse },
      },
    },
    async (request) => ok(request, await crafts.facets(callerOf(request).userId, request.query.library)),
  );

  app.get(
    CRAFT_PATHS.export,
    {
      // A plain download link works too (the browser sends the session cookie, not a header).
      config: { ...READ, tokenCookie: true },
      schema: {
        tags,
        summary: 'A library, or the crafts named by ids, as a LightBurn .clb or Kerf JSON file',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { library, ids, format: kind } = request.query;
      const file = await crafts.export(callerOf(request).userId, library, ids, kind);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.get(
    CRAFT_PATHS.item,
    {
      config: READ,
      schema: { tags, summary: 'One craft', params: idParams, response: { 200: craftResponse, ...errors } },
    },
    async (request) => ok(request, await crafts.get(callerOf(request).userId, request.params.id)),
  );

  app.get(
    CRAFT_PATHS.revisions,
    {
      config: READ,
      schema: {
        tags,
        summary: 'The kept edits of a craft, newest first, with who and when',
        params: idParams,
        response: { 200: revisionsResponse, ...errors },
      },
    },
    async (request) => ok(request, await crafts.revisions(callerOf(request).userId, request.params.id)),
  );

  app.post(
    CRAFT_PATHS.save,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a craft to my personal library (or, with craft:standard:edit, to the standard one)',
        body: createBody,
        response: { 200: craftResponse, ...errors },
      },
    },
    async (request) => {
      const { library, ...input } = request.body;
      return done(request, craftMessages.created, await crafts.create(callerOf(request), library, input));
    },
  );

  app.put(
    CRAFT_PATHS.save,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a craft; `revision` is the one it was read at (a later edit wins nothing: 409)',
        body: updateBody,
        response: { 200: craftResponse, ...errors },
      },
    },
    async (request) => {
      const { id, revision, ...input } = request.body;
      return done(request, craftMessages.updated, await crafts.update(callerOf(request), id, revision, input));
    },
  );

  app.delete(
    CRAFT_PATHS.remove,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete crafts (ids comma-joined); all or none',
        params: idsParams,
        response: { 200: countResponse, ...errors },
      },
    },
    async (request) => {
      const count = await crafts.remove(callerOf(request), request.params.ids);
      return done(request, craftMessages.deleted, { count });
    },
  );

  app.post(
    CRAFT_PATHS.copy,
    {
      config: { permission: CRAFT_PERMISSIONS.personal },
      schema: {
        tags,
        summary: 'Copy crafts (standard or mine) into my personal library',
        body: copyBody,
        response: { 200: craftsResponse, ...errors },
      },
    },
    async (request) => {
      const copied = await crafts.copyToPersonal(callerOf(request), request.body.ids);
      const text = craftMessages.copied;
      return { code: 0, msg: format(text[request.locale], copied.length), data: copied };
    },
  );

  app.post(
    CRAFT_PATHS.importPreview,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Read a LightBurn .clb or Kerf JSON library (multipart `file`): what it would add, what clashes',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: previewResponse, ...fileErrors },
      },
    },
    async (request) => {
      const { library, onClash: _ignored, ...defaults } = request.query;
      const file = await uploadedFile(request);
      return ok(request, await readingFile(() => crafts.previewImport(callerOf(request), library, file, defaults)));
    },
  );

  app.post(
    CRAFT_PATHS.import,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Import a LightBurn .clb or Kerf JSON library (multipart `file`) in one transaction',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: importResponse, ...fileErrors },
      },
    },
    async (request) => {
      const { library, onClash, ...defaults } = request.query;
      const file = await uploadedFile(request);
      const result = await readingFile(() => crafts.import(callerOf(request), library, file, defaults, onClash));
      const text = craftMessages.imported;
      return {
        code: 0,
        msg: format(text[request.locale], result.added, result.replaced, result.skipped),
        data: result,
      };
    },
  );
};
