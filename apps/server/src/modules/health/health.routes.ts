import { envelopeOf, t } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEALTH_MAX_AGE_MS, type HealthService } from './health.service.js';

const component = z.object({
  status: z.enum(['up', 'down']),
  kind: z.string(),
  latencyMs: z.number(),
  detail: z.string().optional(),
});

const healthReport = envelopeOf(
  z.object({
    status: z.enum(['up', 'down']),
    version: z.string(),
    uptimeSeconds: z.number(),
    installation: z.object({ id: z.string(), installedAt: z.string(), startCount: z.number() }).nullable(),
    components: z.record(z.string(), component),
  }),
);

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Status of the platform and each of its parts',
        description:
          'HTTP 200 when every part is up, 503 when any is down; the body says which. The parts are checked ' +
          `at most every ${HEALTH_MAX_AGE_MS / 1000} s; calls in between get the last round of checks.`,
        response: { 200: healthReport, 503: healthReport },
      },
    },
    async (request, reply) => {
      const report = await health.report();
      const up = report.status === 'up';
      reply.header('cache-control', 'no-store').status(up ? 200 : 503);
      return { code: up ? 0 : 503, msg: t(up ? 'success' : 'serviceUnavailable', request.locale), data: report };
    },
  );
};
