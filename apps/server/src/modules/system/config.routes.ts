import { errorEnvelope, messages } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import { configKeyParams, configValueBody, configValueResponse } from './config.schema.js';
import type { ConfigService } from './config.service.js';

export const configRoutes: FastifyPluginAsyncZod<{ configs: ConfigService }> = async (app, { configs }) => {
  app.get(
    '/system/config/configKey/:key',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
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
      config: { permission: 'system:config:edit' },
      schema: {
        tags: ['system'],
        summary: 'Change a system parameter (administrators)',
        params: configKeyParams,
        body: configValueBody,
        response: { 200: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      if (!(await configs.change(request.params.key, request.body.configValue))) throw AppError.notFound();
      return done(request, messages.updated);
    },
  );
};
