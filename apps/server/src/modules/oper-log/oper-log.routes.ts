import { errorEnvelope, messages, OPER_LOG_PATHS, OPER_LOG_PERMISSIONS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import { sendTable } from '../../http/table-export.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  cleanResponse,
  exportQuery,
  idParams,
  listQuery,
  mineQuery,
  operLogPageResponse,
  operLogResponse,
} from './oper-log.schema.js';
import type { OperLogService } from './oper-log.service.js';
import type { OperLogWriter } from './oper-log.writer.js';

const tags = ['system'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** The operation log (contract: packages/contract/src/oper-log.ts), under /cloud-api. */
export const operLogRoutes: FastifyPluginAsyncZod<{ logs: OperLogService; writer: OperLogWriter }> = async (
  app,
  { logs, writer },
) => {
  app.get(
    OPER_LOG_PATHS.list,
    {
      config: { permission: OPER_LOG_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Everyone’s operations, newest first, by person, module, type, result and time',
        querystring: listQuery,
        response: { 200: operLogPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      await writer.flush();
      return ok(request, await logs.list(filter, { page, limit }));
    },
  );

  app.get(
    OPER_LOG_PATHS.export,
    {
      config: { permission: OPER_LOG_PERMISSIONS.export, tokenCookie: true, operLog: { type: 'export' } },
      schema: {
        tags,
        summary: 'The operations the search finds (the newest 50,000) as XLSX or CSV',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      await writer.flush();
      const table = await logs.table(filter, lang ?? request.locale);
      return sendTable(reply, table, format, `kerf-operlog-${new Date().toISOString().slice(0, 10)}`);
    },
  );

  app.get(
    OPER_LOG_PATHS.mine,
    {
      // the workbench's "operation log" menu entry
      config: { permission: 'account:log:list' },
      schema: {
        tags,
        summary: 'My own operations, newest first (the workbench’s operation log)',
        querystring: mineQuery,
        response: { 200: operLogPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      await writer.flush();
      return ok(request, await logs.list({ ...filter, userId: callerOf(request).userId }, { page, limit }));
    },
  );

  app.get(
    OPER_LOG_PATHS.byId,
    {
      config: { permission: OPER_LOG_PERMISSIONS.query },
      schema: {
        tags,
        summary: 'One operation with its parameters and result',
        params: idParams,
        response: { 200: operLogResponse, ...errors },
      },
    },
    async (request) => ok(request, await logs.one(request.params.id)),
  );

  app.delete(
    OPER_LOG_PATHS.clean,
    {
      config: { permission: OPER_LOG_PERMISSIONS.remove, operLog: { type: 'clean' } },
      schema: {
        tags,
        summary: 'Empty the operation log (this call is the first entry after)',
        response: { 200: cleanResponse, ...errors },
      },
    },
    async (request) => {
      await writer.flush();
      return done(request, messages.deleted, { removed: await logs.clean() });
    },
  );
};
