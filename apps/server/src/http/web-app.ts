import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { webAppPolicy } from './web-app-policy.js';

/**
 * Serves the built web app under /web/ in history mode. Vite names assets by content hash, so they
 * are cached for a year; index.html is revalidated on every load so a deploy takes effect at once.
 * The build writes .br and .gz siblings, served when the browser accepts them. Pages may not be framed
 * and run only the app's own scripts (see webAppPolicy).
 */
export async function webApp(app: FastifyInstance, opts: { root: string; onlyofficeUrl?: string }) {
  const index = join(opts.root, 'index.html');
  // Every answer under /web/ (pages, share pages, assets, workers) carries the policy: a worker runs
  // under the policy its own script came with. X-Frame-Options is frame-ancestors for old browsers.
  const policy = webAppPolicy({ onlyofficeUrl: opts.onlyofficeUrl });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy).header('x-frame-options', 'DENY');
  });
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'web app not built: run `npm run build`; /web/ answers 404 until then');
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    preCompressed: true,
    index: false,
    wildcard: true,
    dotfiles: 'ignore',
    setHeaders(reply, path) {
      const immutable = path.startsWith(join(opts.root, 'assets'));
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendApp = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply));
  // Any /web/... path that is not a file belongs to the app's router.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(405).send({ code: 405, msg: 'Method Not Allowed', data: null });
    }
    // A missing hashed asset must stay a 404: answering index.html would be cached as broken JS/CSS.
    if (request.url.startsWith('/web/assets/')) return reply.status(404).type('text/plain').send('Not found');
    if (!existsSync(index)) return reply.status(404).type('text/plain').send('Kerf web app is not built.');
    return sendApp(reply);
  });
}
