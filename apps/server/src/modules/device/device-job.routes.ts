import {
  DEVICE_DRAWING_STATES,
  DEVICE_JOB_PATHS,
  DEVICE_PERMISSIONS,
  DEVICE_TASK_STATES,
  deviceJobMessages,
  envelopeOf,
  errorEnvelope,
  hasPermission,
  pageNumber,
  pageOf,
} from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { callerOf } from '../auth/auth.plugin.js';
import { sendBlob } from '../drive/blob-response.js';
import { idParams } from './device.schema.js';
import { type DeviceJobService, presentJob } from './device-job.service.js';

const tags = ['device'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

const job = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  drawingState: z.enum(DEVICE_DRAWING_STATES),
  taskState: z.enum(DEVICE_TASK_STATES).nullable(),
  progress: z.number(),
  failure: z.string().nullable(),
  commandId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
const sendBody = z.object({ fileId: z.uuid() });
const jobsQuery = z.object({ page: pageNumber, limit: z.coerce.number().int().min(1).max(100).default(10) });
const fileParams = z.object({ jobId: z.uuid() });
const fileQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(64) });

/**
 * Jobs sent to machines (contract: packages/contract/src/device-jobs.ts), under /cloud-api. `origin`
 * is the address machines reach the cloud at (PUBLIC_URL; else the address the owner used).
 */
export const deviceJobRoutes: FastifyPluginAsyncZod<{
  jobs: DeviceJobService;
  blobs: BlobStore;
  publicUrl?: string;
}> = async (app, { jobs, blobs, publicUrl }) => {
  app.post(
    DEVICE_JOB_PATHS.jobs,
    {
      config: { permission: DEVICE_PERMISSIONS.control },
      schema: {
        tags,
        summary: 'Send a G-code file of my drive to my machine (it must be connected)',
        params: idParams,
        body: sendBody,
        response: { 200: envelopeOf(job), ...errors },
      },
    },
    async (request) => {
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const sent = await jobs.send(callerOf(request).userId, request.params.id, request.body.fileId, origin);
      return done(request, deviceJobMessages.sent, presentJob(sent, request.locale));
    },
  );
  app.get(
    DEVICE_JOB_PATHS.jobs,
    {
      config: { permission: DEVICE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Jobs of a machine, newest first: drawing state, task state and progress',
        params: idParams,
        querystring: jobsQuery,
        response: { 200: envelopeOf(pageOf(job)), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const scope = { userId: caller.userId, all: hasPermission(caller, DEVICE_PERMISSIONS.fleet) };
      const { page, limit } = request.query;
      const { rows, total } = await jobs.list(scope, request.params.id, { offset: (page - 1) * limit, limit });
      return ok(request, { list: rows.map((row) => presentJob(row, request.locale)), page, limit, total });
    },
  );
  app.get(
    DEVICE_JOB_PATHS.file,
    {
      // the machine has no session: the signed, short-lived address is the permission
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The G-code of a job, for the machine (a signed address from its sendJob command)',
        params: fileParams,
        querystring: fileQuery,
        response: { 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const file = await jobs.fileForMachine(request.params.jobId, expires, signature);
      return sendBlob(request, reply, blobs, file, false);
    },
  );
};
