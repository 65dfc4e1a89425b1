import { errorEnvelope, messages, ROLE_PERMISSIONS, SYSTEM_PATHS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import { idParams, roleBody, roleListQuery, rolePageResponse, roleResponse, roleUpdateBody } from './role.schema.js';
import type { RoleService } from './role.service.js';

const tags = ['system'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** Roles and their permissions (RuoYi's /system/role), under /cloud-api. */
export const roleRoutes: FastifyPluginAsyncZod<{ roles: RoleService }> = async (app, { roles }) => {
  app.get(
    SYSTEM_PATHS.roles,
    {
      config: { permission: ROLE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Roles in order, by name, key and state, with how many people hold each',
        querystring: roleListQuery,
        response: { 200: rolePageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await roles.list(filter, { page, limit }));
    },
  );

  app.get(
    SYSTEM_PATHS.roleById,
    {
      config: { permission: ROLE_PERMISSIONS.query },
      schema: {
        tags,
        summary: 'One role with its permissions',
        params: idParams,
        response: { 200: roleResponse, ...errors },
      },
    },
    async (request) => ok(request, await roles.get(request.params.id)),
  );

  app.post(
    SYSTEM_PATHS.role,
    {
      config: { permission: ROLE_PERMISSIONS.add },
      schema: {
        tags,
        summary: 'Add a role with the permissions it grants',
        body: roleBody,
        response: { 200: roleResponse, ...errors },
      },
    },
    async (request) => done(request, messages.created, await roles.add(request.body)),
  );

  app.put(
    SYSTEM_PATHS.role,
    {
      config: { permission: ROLE_PERMISSIONS.edit },
      schema: {
        tags,
        summary:
          'Change a role (its holders’ next call sees the change); the administrator role keeps key, grants and state',
        body: roleUpdateBody,
        response: { 200: roleResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      return done(request, messages.updated, await roles.change(id, values));
    },
  );

  app.delete(
    SYSTEM_PATHS.roleById,
    {
      config: { permission: ROLE_PERMISSIONS.remove },
      schema: {
        tags,
        summary: 'Delete a role that is not built in and that nobody holds',
        params: idParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await roles.remove(request.params.id);
      return done(request, messages.deleted);
    },
  );
};
