import { DESIGN_PATHS, errorEnvelope } from '@kerf/contract';
import { MAX_DRAWING_BYTES } from '@kerf/laser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { DwgImportService } from './dwg-import.service.js';

const tags = ['design'];

/** The design editor's server side (contract: packages/contract/src/design.ts), under /cloud-api. */
export const designRoutes: FastifyPluginAsyncZod<{ dwg: DwgImportService }> = async (app, { dwg }) => {
  await app.register(async (scope) => {
    // the DWG comes as the raw body, read whole (the converter needs all of it), up to the drawing limit
    // (the route's bodyLimit below, which Fastify applies to this parser)
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      DESIGN_PATHS.importDwg,
      {
        config: { auth: 'optional', duplicateSubmit: false },
        bodyLimit: MAX_DRAWING_BYTES + 1024,
        schema: {
          tags,
          summary: 'Read a DWG drawing (raw body, at most 50 MB) into a Kerf document, in a separate process',
          response: {
            200: z.object({ code: z.number(), msg: z.string(), data: z.unknown() }),
            400: errorEnvelope,
            413: errorEnvelope,
            429: errorEnvelope,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(request, await dwg.import(new Uint8Array(body.buffer, body.byteOffset, body.byteLength)));
      },
    );
  });
};
