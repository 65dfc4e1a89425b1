import { CONFIG_PERMISSIONS, errorEnvelope, messages, SYSTEM_PATHS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import {
  configBody,
  configKeyParams,
  configListQuery,
  configPageResponse,
  configResponse,
  configUpdateBody,
  configValueBody,
  configValueResponse,
  idParams,
} from './config.schema.js';
import type { ConfigService } from './config.service.js';

const tags = ['system'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** System parameters (SPEC §7 `/system/config`), under /cloud-api. */
export const configRoutes: FastifyPluginAsyncZod<{ configs: ConfigService }> = async (app, { configs }) => {
  app.get(
    '/system/config/configKey/:key',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Read a system parameter by key',
        params: configKeyParams,
        response: { 200: configValueResponse, 404: errorEnvelope },
      },
    },
    async (request) => {
      const value = await configs.valueOf(request.params.key);
      if (value === undefined) throw AppError.notFound();
      return ok(request, value);
    },
  );

  app.put(
    '/system/config/configKey/:key',
    {
      config: { permission: CONFIG_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a system parameter by key (administrators)',
        params: configKeyParams,
        body: configValueBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      if (!(await configs.change(request.params.key, request.body.configValue))) throw AppError.notFound();
      return done(request, messages.updated);
    },
  );

  app.get(
    SYSTEM_PATHS.configs,
    {
      config: { permission: CONFIG_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'System parameters, by name, key and built-in flag',
        querystring: configListQuery,
        response: { 200: configPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, builtin, ...filter } = request.query;
      const flag = builtin === undefined ? {} : { builtin: builtin === 'true' };
      return ok(request, await configs.list({ ...filter, ...flag }, { page, limit }));
    },
  );

  app.get(
    SYSTEM_PATHS.configById,
    {
      config: { permission: CONFIG_PERMISSIONS.list },
      schema: { tags, summary: 'One system parameter', params: idParams, response: { 200: configResponse, ...errors } },
    },
    async (request) => ok(request, await configs.one(request.params.id)),
  );

  app.post(
    SYSTEM_PATHS.config,
    {
      config: { permission: CONFIG_PERMISSIONS.add },
      schema: {
        tags,
        summary: 'Add a system parameter (its key unique)',
        body: configBody,
        response: { 200: configResponse, ...errors },
      },
    },
    async (request) => done(request, messages.created, await configs.add(request.body)),
  );

  app.put(
    SYSTEM_PATHS.config,
    {
      config: { permission: CONFIG_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a system parameter (a built-in one keeps its key)',
        body: configUpdateBody,
        response: { 200: configResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      return done(request, messages.updated, await configs.edit(id, values));
    },
  );

  app.delete(
    SYSTEM_PATHS.configById,
    {
      config: { permission: CONFIG_PERMISSIONS.remove },
      schema: {
        tags,
        summary: 'Delete a system parameter that is not built in',
        params: idParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await configs.remove(request.params.id);
      return done(request, messages.deleted);
    },
  );
};
