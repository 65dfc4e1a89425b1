import { createHash } from 'node:crypto';
import { PLUGIN_PATHS } from '@kerf/contract';
import { SANDBOX_SCRIPT, sandboxPageHtml, sandboxPolicy } from '@kerf/plugins/sandbox';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The page the web app's plugin sandbox iframe loads (@kerf/plugins/sandbox): fixed for a build, so
 * it, its script's hash and its policy are made once. Public: a visitor on /plugin runs plugins too,
 * and the page holds nothing but the sandbox's own script.
 */
const html = sandboxPageHtml();
const policy = sandboxPolicy(createHash('sha256').update(SANDBOX_SCRIPT, 'utf8').digest('base64'));
// changes whenever the page does (a new Kerf version), so a browser's copy is checked cheaply
const etag = `"${createHash('sha256').update(html, 'utf8').digest('base64url').slice(0, 27)}"`;

export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PLUGIN_PATHS.sandbox,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['plugins'],
        summary: 'The plugin sandbox page (HTML) the web app loads in a sandboxed iframe',
        description:
          'One inline script, allowed by its hash; the Content-Security-Policy lets nothing load, allows ' +
          'workers from blob: URLs only, gives the page an opaque origin (sandbox allow-scripts) and lets ' +
          'only Kerf’s own pages frame it. Plugin code runs in a worker the page starts for each run.',
        produces: ['text/html'],
        response: { 200: z.string().describe('The sandbox page'), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      reply
        .header('content-security-policy', policy)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cross-origin-resource-policy', 'same-origin')
        // revalidated on each load: a deploy's new protocol must not meet an old page
        .header('cache-control', 'no-cache')
        .header('etag', etag);
      // a 304 has no body to serialise
      if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};
