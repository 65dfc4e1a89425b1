import { errorEnvelope, PREVIEW_PATHS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import { unzipBody, unzipJob, unzipJobParams, unzipStarted } from './unzip.schema.js';
import type { UnzipService } from './unzip.service.js';

const WRITE = { permission: 'drive:file:edit' } as const;
const tags = ['drive'];

/** Unpacking an archive of the drive into the drive (SPEC §2/§4), under /cloud-api/engine. */
export const unzipRoutes: FastifyPluginAsyncZod<{ unzip: UnzipService }> = async (app, { unzip }) => {
  app.post(
    PREVIEW_PATHS.unzip,
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Unpack a zip, rar, 7z, tar, gz or tgz of mine in the background (unzipMode 0 its folder, 1 a new folder named after it, 2 the folder folderId); poll the job it answers with',
        body: unzipBody,
        response: { 200: unzipStarted, 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ok(request, await unzip.start(callerOf(request).userId, request.body)),
  );

  app.get(
    `${PREVIEW_PATHS.unzip}/:jobId`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'An unpacking job of mine: state, progress 0..1, entries, where they went, and its message',
        params: unzipJobParams,
        response: { 200: unzipJob, 404: errorEnvelope },
      },
    },
    async (request) => ok(request, await unzip.job(callerOf(request).userId, request.params.jobId, request.locale)),
  );
};
