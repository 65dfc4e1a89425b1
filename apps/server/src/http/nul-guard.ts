import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** Deep enough for any request the schemas accept (queries and forms stop at depth 5, see parseNested). */
const MAX_DEPTH = 32;

/**
 * Where a NUL character is in a request part ('' for the part itself), or null when there is none.
 * Keys count as well as values: a key can end up in SQL (sort fields, JSON columns) too.
 */
export function nulPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // Streams and bytes (upload chunks, raw bodies) are content, not text the database compares.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return key.replaceAll('\u0000', '\\u0000');
    const inner = nulPath(item, depth + 1);
    if (inner !== null) return inner ? `${key}.${inner}` : key;
  }
  return null;
}

const refuse = (part: string, path: string) => AppError.badRequest('nulCharacter', [path ? `${part}.${path}` : part]);

/**
 * PostgreSQL text cannot hold NUL (`invalid byte sequence for encoding "UTF8": 0x00`), so a string
 * with one would fail deep in a query as a 500. Refusing it once here, for every route, is surer than
 * a rule in each schema: it also covers `z.any()`/record fields, params and query values a route
 * reads before its schema runs (the `?token=` of the auth hook), and routes added later.
 *
 * URL parts and headers are checked on request, before the auth hook reads a token from them; the
 * body in preHandler, after the crypto envelope's route-level preValidation has opened sealed bodies.
 */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['headers', request.headers],
    ] as const) {
      const path = nulPath(value);
      if (path !== null) throw refuse(part, path);
    }
  });
  app.addHook('preHandler', async (request) => {
    const path = nulPath(request.body);
    if (path !== null) throw refuse('body', path);
  });
}
