import { errorEnvelope, messages, SYSTEM_PATHS, systemUserMessages, USER_PERMISSIONS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import { sendTable } from '../../http/table-export.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  createBody,
  exportQuery,
  idParams,
  listQuery,
  loginPageResponse,
  loginsQuery,
  passwordBody,
  quotaBody,
  quotaResponse,
  rolesBody,
  statusBody,
  updateBody,
  userPageResponse,
  userResponse,
} from './system-user.schema.js';
import type { SystemUserService } from './system-user.service.js';

const tags = ['system'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** User management (contract: packages/contract/src/system-user.ts), under /cloud-api. */
export const systemUserRoutes: FastifyPluginAsyncZod<{ systemUsers: SystemUserService }> = async (
  app,
  { systemUsers },
) => {
  app.get(
    SYSTEM_PATHS.users,
    {
      config: { permission: USER_PERMISSIONS.list },
      schema: {
        tags,
        summary:
          'Users, newest first, by keyword (login name, nick name, mobile, e-mail), state, role and registration time',
        querystring: listQuery,
        response: { 200: userPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await systemUsers.list(filter, { page, limit }));
    },
  );

  app.get(
    SYSTEM_PATHS.userExport,
    {
      config: { permission: USER_PERMISSIONS.export, tokenCookie: true, operLog: { type: 'export' } },
      schema: {
        tags,
        summary: 'The users the filters find, as XLSX (or CSV), headers in the caller’s language',
        querystring: exportQuery,
        response: { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      const table = await systemUsers.exportTable(filter, lang ?? request.locale);
      return sendTable(reply, table, format, `kerf-users-${new Date().toISOString().slice(0, 10)}`);
    },
  );

  app.get(
    SYSTEM_PATHS.userById,
    {
      config: { permission: USER_PERMISSIONS.query },
      schema: { tags, summary: 'One user', params: idParams, response: { 200: userResponse, ...errors } },
    },
    async (request) => ok(request, await systemUsers.get(request.params.id)),
  );

  app.get(
    SYSTEM_PATHS.userLogins,
    {
      config: { permission: USER_PERMISSIONS.query },
      schema: {
        tags,
        summary: 'A user’s sign-in attempts, newest first',
        params: idParams,
        querystring: loginsQuery,
        response: { 200: loginPageResponse, ...errors },
      },
    },
    async (request) => ok(request, await systemUsers.logins(request.params.id, request.query)),
  );

  app.post(
    SYSTEM_PATHS.user,
    {
      config: { permission: USER_PERMISSIONS.add },
      schema: {
        tags,
        summary: 'Add a user who signs in with the mobile number or e-mail given (SPEC §5 rules)',
        body: createBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => done(request, messages.created, await systemUsers.create(request.body)),
  );

  app.put(
    SYSTEM_PATHS.user,
    {
      config: { permission: USER_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a user’s nick name, mobile number and e-mail',
        body: updateBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => done(request, messages.updated, await systemUsers.update(request.body)),
  );

  app.put(
    SYSTEM_PATHS.userStatus,
    {
      config: { permission: USER_PERMISSIONS.edit, operLog: { type: 'update' } },
      schema: {
        tags,
        summary: 'Enable or disable a user; a disabled user’s sessions end at once',
        body: statusBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { userId, status } = request.body;
      await systemUsers.changeStatus(callerOf(request), userId, status);
      return done(request, status === 'enabled' ? systemUserMessages.enabled : systemUserMessages.disabled);
    },
  );

  app.put(
    SYSTEM_PATHS.userResetPwd,
    {
      config: { permission: USER_PERMISSIONS.resetPwd },
      schema: {
        tags,
        summary: 'Set a new password for a user (SPEC §5 rules); their sessions end',
        body: passwordBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await systemUsers.resetPassword(callerOf(request), request.body.userId, request.body.password);
      return done(request, systemUserMessages.passwordReset);
    },
  );

  app.put(
    SYSTEM_PATHS.userQuota,
    {
      config: { permission: USER_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Set a user’s drive quota in bytes (below their use: uploads are refused until under it)',
        body: quotaBody,
        response: { 200: quotaResponse, ...errors },
      },
    },
    async (request) => {
      const figures = await systemUsers.setQuota(request.body.userId, request.body.quotaBytes);
      return done(
        request,
        figures.usedBytes > figures.quotaBytes ? systemUserMessages.quotaBelowUsed : messages.updated,
        figures,
      );
    },
  );

  app.put(
    SYSTEM_PATHS.userRoles,
    {
      config: { permission: USER_PERMISSIONS.edit, operLog: { type: 'grant' } },
      schema: {
        tags,
        summary: 'Give a user exactly these roles (by key), effective on their next call',
        body: rolesBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await systemUsers.setRoles(request.body.userId, request.body.roleKeys);
      return done(request, systemUserMessages.rolesSaved);
    },
  );
};
