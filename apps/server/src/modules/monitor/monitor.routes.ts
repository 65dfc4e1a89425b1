import {
  errorEnvelope,
  LOGIN_LOG_PERMISSIONS,
  messages,
  ONLINE_PERMISSIONS,
  onlineMessages,
  SYSTEM_PATHS,
} from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import { sendTable } from '../../http/table-export.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  cleanResponse,
  loginExportQuery,
  loginLogPageResponse,
  loginLogQuery,
  onlinePageResponse,
  onlineQuery,
  sessionParams,
} from './monitor.schema.js';
import { LOGIN_EXPORT_MAX, type MonitorService } from './monitor.service.js';

const tags = ['monitor'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** The sign-in log and the sessions online (RuoYi's monitor module; paths in SYSTEM_PATHS), under /cloud-api. */
export const monitorRoutes: FastifyPluginAsyncZod<{ monitor: MonitorService }> = async (app, { monitor }) => {
  app.get(
    SYSTEM_PATHS.loginLogs,
    {
      config: { permission: LOGIN_LOG_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Every sign-in attempt, newest first, by account, address, result and time',
        querystring: loginLogQuery,
        response: { 200: loginLogPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await monitor.loginLogs(filter, { page, limit }));
    },
  );

  app.delete(
    SYSTEM_PATHS.loginLogClean,
    {
      config: { permission: LOGIN_LOG_PERMISSIONS.remove, operLog: { type: 'clean' } },
      schema: {
        tags,
        summary: 'Empty the sign-in log',
        response: { 200: cleanResponse, ...errors },
      },
    },
    async (request) => done(request, messages.deleted, { removed: await monitor.cleanLoginLogs() }),
  );

  app.get(
    SYSTEM_PATHS.loginLogExport,
    {
      config: { permission: LOGIN_LOG_PERMISSIONS.export, tokenCookie: true, operLog: { type: 'export' } },
      schema: {
        tags,
        summary: `The sign-in log as XLSX or CSV (the newest ${LOGIN_EXPORT_MAX} that match), headers in the caller's language`,
        querystring: loginExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      const table = await monitor.loginLogTable(filter, lang ?? request.locale);
      return sendTable(reply, table, format, `kerf-logininfor-${new Date().toISOString().slice(0, 10)}`);
    },
  );

  app.get(
    SYSTEM_PATHS.online,
    {
      config: { permission: ONLINE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Sessions in use now (not ended, not expired), by person and address, most recently used first',
        querystring: onlineQuery,
        response: { 200: onlinePageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await monitor.online(filter, { page, limit }, callerOf(request).sessionId));
    },
  );

  app.delete(
    SYSTEM_PATHS.onlineById,
    {
      config: { permission: ONLINE_PERMISSIONS.forceLogout, operLog: { type: 'force' } },
      schema: {
        tags,
        summary: 'Force a session out: its token is refused at once on every instance (401, code 422)',
        params: sessionParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await monitor.forceLogout(request.params.sessionId, callerOf(request).sessionId);
      return done(request, onlineMessages.forced);
    },
  );
};
