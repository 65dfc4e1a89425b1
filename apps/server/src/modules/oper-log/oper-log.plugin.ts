import type { BusinessType } from '@kerf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error.js';
import type { OperLogWriter } from './oper-log.writer.js';
import { loggedParams } from './scrub.js';

/**
 * How a route appears in the operation log. Changes (POST, PUT, PATCH, DELETE) are logged by default
 * with the business type their method says; `type` names another (grant, export, force…), and also
 * logs a GET (an export); `false` leaves a route out (a read that is a POST, an upload's chunks).
 */
export type OperLogOption = false | { type?: BusinessType; module?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    operLog?: OperLogOption;
  }
  interface FastifyRequest {
    operError: string | null;
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BY_METHOD: Record<string, BusinessType> = { POST: 'insert', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
const API = /^\/(cloud|uac)-api\//;

function logged(request: FastifyRequest): { type: BusinessType; module?: string } | null {
  const option = request.routeOptions.config?.operLog;
  if (option === false || !request.routeOptions.url || !API.test(request.url)) return null;
  if (option?.type) return { type: option.type, module: option.module };
  if (!CHANGES.has(request.method)) return null;
  return { type: BY_METHOD[request.method] ?? 'other', module: option?.module };
}

/**
 * Records every change made through the API in the operation log: who, module (the route's first
 * OpenAPI tag), business type, method, route and address, parameters with secrets masked, result or
 * error, client address and cost. The entry is handed to the writer, which stores it in batches.
 */
export const operLogPlugin = fp<{ writer: OperLogWriter }>(
  async (app: FastifyInstance, { writer }) => {
    app.decorateRequest('operError', null);
    app.addHook('onError', async (request, _reply, error) => {
      // in the caller's words, as the answer gave it
      request.operError =
        error instanceof AppError
          ? error.args.reduce<string>((text, arg, i) => text.replace(`{${i}}`, String(arg)), error.text[request.locale])
          : error.message;
    });
    app.addHook('onResponse', async (request, reply) => {
      const kind = logged(request);
      if (!kind) return;
      const failed = reply.statusCode >= 400;
      const tags = (request.routeOptions.schema as { tags?: string[] } | undefined)?.tags;
      writer.push({
        userId: request.auth?.userId ?? null,
        module: (kind.module ?? tags?.[0] ?? 'other').slice(0, 50),
        businessType: kind.type,
        method: request.method,
        route: (request.routeOptions.url ?? '').replace(/:(\w+)/g, '{$1}').slice(0, 200),
        url: request.url.split('?')[0]!.slice(0, 500),
        params: loggedParams(request.query, request.body, request.headers['content-type']),
        status: failed ? 1 : 0,
        httpStatus: reply.statusCode,
        errorMsg: failed ? (request.operError ?? '').slice(0, 500) : '',
        ip: request.ip.slice(0, 64),
        costMs: Math.round(reply.elapsedTime),
        // when the change happened (the batch is written later)
        createdAt: new Date(),
      });
    });
    app.addHook('onClose', async () => writer.close());
  },
  { name: 'oper-log' },
);
