import { createHash } from 'node:crypto';
import { DUPLICATE_SUBMIT_MAX_BODY_BYTES, DUPLICATE_SUBMIT_WINDOW_MS, ResultCode } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Cache } from '../infra/cache/cache.js';
import { AppError } from './app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` lets a route take identical submissions in quick succession (e.g. polling writes). */
    duplicateSubmit?: boolean;
  }
}

/**
 * SPEC §5: an identical POST or PUT by the same user to the same address with the same body within
 * 1000 ms is refused, on the server as in the client, so two tabs or a replaying proxy cannot
 * double-submit. Runs after authentication and body parsing (and after decryption of sealed bodies);
 * bodies over about 5 MB are not remembered. The window lives in the shared cache.
 */
export const duplicateSubmit = fp<{ cache: Cache }>(
  async (app: FastifyInstance, { cache }) => {
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'POST' && request.method !== 'PUT') return;
      if (request.routeOptions.config?.duplicateSubmit === false || !request.auth) return;
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > DUPLICATE_SUBMIT_MAX_BODY_BYTES || request.headers['content-type']?.startsWith('multipart/')) return;
      const body = request.body === undefined ? '' : JSON.stringify(request.body);
      if (body.length > DUPLICATE_SUBMIT_MAX_BODY_BYTES) return;
      const digest = createHash('sha256').update(`${request.method}\0${request.url}\0${body}`).digest('base64url');
      const fresh = await cache.setIfAbsent(`dup:${request.auth.userId}:${digest}`, '1', DUPLICATE_SUBMIT_WINDOW_MS);
      if (!fresh) throw new AppError(429, 'duplicateSubmit', { code: ResultCode.error });
    });
  },
  { name: 'duplicate-submit', dependencies: ['auth'] },
);
