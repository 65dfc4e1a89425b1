import multipart from '@fastify/multipart';
import {
  DEVICE_LIMITS,
  DEVICE_PATHS,
  DEVICE_PERMISSIONS,
  deviceMessages,
  errorEnvelope,
  hasPermission,
} from '@kerf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, localized, ok } from '../../http/envelope.js';
import type { Cache } from '../../infra/cache/cache.js';
import { callerOf } from '../auth/auth.plugin.js';
import type { DeviceScope } from './device.repository.js';
import {
  activateBody,
  byDeviceResponse,
  changeBody,
  claimBody,
  claimResponse,
  commandBody,
  commandResponse,
  commandsResponse,
  detailResponse,
  deviceResponse,
  editBody,
  eventsQuery,
  eventsResponse,
  faultsResponse,
  fleetQuery,
  fleetResponse,
  idParams,
  importResponse,
  jobsPerDayResponse,
  listQuery,
  listResponse,
  presentCommand,
  presentDevice,
  presentEvent,
  presentQueried,
  queriedResponse,
  queryQuery,
  stateTimeResponse,
  statsQuery,
} from './device.schema.js';
import type { DeviceService } from './device.service.js';
import type { DeviceActivationService } from './device-activation.service.js';
import type { DeviceRegistryService } from './device-registry.service.js';
import type { DeviceStatsService } from './device-stats.service.js';

const tags = ['device'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** The caller's own machines; with `wantAll` (scope=all), every machine, for holders of the fleet permission. */
function scopeOf(request: FastifyRequest, wantAll = false): DeviceScope {
  const caller = callerOf(request);
  if (wantAll && !hasPermission(caller, DEVICE_PERMISSIONS.fleet)) throw AppError.forbidden();
  return { userId: caller.userId, all: wantAll };
}

/** A reader of any machine it may see: the owner, or an administrator of the fleet. */
function readerScope(request: FastifyRequest): DeviceScope {
  const caller = callerOf(request);
  return { userId: caller.userId, all: hasPermission(caller, DEVICE_PERMISSIONS.fleet) };
}

/** Device cloud routes (contract: packages/contract/src/device.ts), under /cloud-api. */
export const deviceRoutes: FastifyPluginAsyncZod<{
  devices: DeviceService;
  activation: DeviceActivationService;
  registry: DeviceRegistryService;
  stats: DeviceStatsService;
  cache: Cache;
}> = async (app, { devices, activation, registry, stats, cache }) => {
  await app.register(multipart, { limits: { fileSize: DEVICE_LIMITS.importMaxBytes, files: 1, fields: 5 } });

  app.post(
    DEVICE_PATHS.registryImport,
    {
      config: { permission: DEVICE_PERMISSIONS.registryImport },
      schema: {
        tags,
        summary: 'Register machines from the maker’s CSV list; a report of every refused row',
        consumes: ['multipart/form-data'],
        response: { 200: importResponse, ...errors, 413: errorEnvelope },
      },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw AppError.badRequest(deviceMessages.importUnreadable);
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, deviceMessages.importTooLarge, { code: 413 });
        throw err;
      });
      const report = await registry.importCsv(bytes);
      return ok(request, {
        added: report.added,
        problems: report.problems.map((p) => ({
          row: p.row,
          column: p.column ?? null,
          message: localized(p.message, request.locale, p.args ?? []),
        })),
      });
    },
  );

  app.get(
    DEVICE_PATHS.query,
    {
      config: { permission: DEVICE_PERMISSIONS.activate },
      schema: {
        tags,
        summary: 'Find a machine by its machine code, or by its motherboard model and serial',
        querystring: queryQuery,
        response: { 200: queriedResponse, ...errors },
      },
    },
    async (request) => {
      const device = await activation.query(request.query);
      return ok(request, presentQueried(device, callerOf(request).userId));
    },
  );

  app.post(
    DEVICE_PATHS.activate,
    {
      config: { permission: DEVICE_PERMISSIONS.activate },
      schema: {
        tags,
        summary: 'Activate a machine and bind it to me (激活成功)',
        body: activateBody,
        response: { 200: deviceResponse, ...errors },
      },
    },
    async (request) => {
      const { machineCode, boardModel, boardSerial, ...details } = request.body;
      const userId = callerOf(request).userId;
      const device = await activation.activate(userId, machineCode, { boardModel, boardSerial }, details);
      return done(request, deviceMessages.activated, presentDevice(device, userId));
    },
  );

  app.post(
    DEVICE_PATHS.change,
    {
      config: { permission: DEVICE_PERMISSIONS.activate },
      schema: {
        tags,
        summary: 'Replace the motherboard of my machine (更换成功); the old board’s credential stops at once',
        body: changeBody,
        response: { 200: deviceResponse, ...errors },
      },
    },
    async (request) => {
      const { machineCode, boardModel, boardSerial } = request.body;
      const userId = callerOf(request).userId;
      const device = await activation.changeBoard(userId, machineCode, { boardModel, boardSerial });
      return done(request, deviceMessages.replaced, presentDevice(device, userId));
    },
  );

  app.post(
    DEVICE_PATHS.claim,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The machine fetches its MQTT credential, once after activation or a board change',
        security: [],
        body: claimBody,
        response: { 200: claimResponse, ...errors, 429: errorEnvelope },
      },
    },
    async (request) => {
      // Counted before the check, so guessing board serials costs the same whether a guess is right.
      const claims = await cache.increment(`device:claims:${request.ip}`, 3_600_000);
      if (claims > DEVICE_LIMITS.claimsPerHour) throw new AppError(429, deviceMessages.tooManyClaims, { code: 429 });
      return ok(request, await activation.claim(request.body.machineCode, request.body.boardSerial));
    },
  );

  app.get(
    DEVICE_PATHS.list,
    {
      config: { permission: DEVICE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'My machines (or every machine: scope=all, administrators), by state, model and keyword',
        querystring: listQuery,
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) => {
      const { state, model, keyword, scope: wanted, page, limit } = request.query;
      const scope = scopeOf(request, wanted === 'all');
      const [{ rows, total }, models] = await Promise.all([
        devices.list(scope, { state, model, keyword }, { offset: (page - 1) * limit, limit }),
        devices.models(scope),
      ]);
      return ok(request, { list: rows.map((r) => presentDevice(r, scope.userId)), page, limit, total, models });
    },
  );

  app.get(
    DEVICE_PATHS.item,
    {
      config: { permission: DEVICE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'A machine with its binding and motherboard history',
        params: idParams,
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => {
      const scope = readerScope(request);
      const { device, bindings, boards } = await devices.detail(scope, request.params.id);
      return ok(request, {
        ...presentDevice(device, scope.userId),
        bindings: bindings.map((b) => ({
          boundAt: b.boundAt.toISOString(),
          unboundAt: b.unboundAt?.toISOString() ?? null,
          mine: b.userId === scope.userId,
        })),
        boards: boards.map((b) => ({
          boardModel: b.boardModel,
          boardSerial: b.boardSerial,
          fittedAt: b.fittedAt.toISOString(),
          removedAt: b.removedAt?.toISOString() ?? null,
        })),
      });
    },
  );

  app.put(
    DEVICE_PATHS.save,
    {
      config: { permission: DEVICE_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Rename my machine and set its power (W)',
        body: editBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id, name, power } = request.body;
      await devices.edit(scopeOf(request), id, name, power);
      return done(request, deviceMessages.saved);
    },
  );

  app.delete(
    DEVICE_PATHS.item,
    {
      config: { permission: DEVICE_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Unbind my machine (its credential stops working)',
        params: idParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await devices.unbind(scopeOf(request), request.params.id);
      return done(request, deviceMessages.unbound);
    },
  );

  app.post(
    DEVICE_PATHS.command,
    {
      config: { permission: DEVICE_PERMISSIONS.control },
      schema: {
        tags,
        summary: 'Send a remote command to my machine; refused at once when it is not connected',
        params: idParams,
        body: commandBody,
        response: { 200: commandResponse, ...errors },
      },
    },
    async (request) => {
      const { kind, ...params } = request.body;
      const command = await devices.command(callerOf(request).userId, request.params.id, kind, params);
      return ok(request, presentCommand(command));
    },
  );

  app.get(
    DEVICE_PATHS.commands,
    {
      config: { permission: DEVICE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'The latest commands sent to a machine, with their states',
        params: idParams,
        response: { 200: commandsResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, (await devices.commands(readerScope(request), request.params.id)).map(presentCommand)),
  );

  app.get(
    DEVICE_PATHS.events,
    {
      config: { permission: DEVICE_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'A machine’s event log, newest first, by level and code',
        params: idParams,
        querystring: eventsQuery,
        response: { 200: eventsResponse, ...errors },
      },
    },
    async (request) => {
      const { level, code, page, limit } = request.query;
      const { rows, total } = await devices.events(
        readerScope(request),
        request.params.id,
        { level, code },
        { offset: (page - 1) * limit, limit },
      );
      return ok(request, { list: rows.map(presentEvent), page, limit, total });
    },
  );

  // The statistics: the same range and scope, two answers.
  const statsRoute = <T>(
    path: string,
    summary: string,
    response: typeof stateTimeResponse | typeof faultsResponse | typeof byDeviceResponse | typeof jobsPerDayResponse,
    answer: (
      scope: DeviceScope,
      range: { from: string; to: string; timeZone: string },
      deviceId?: string,
    ) => Promise<T>,
  ) =>
    app.get(
      path,
      {
        config: { permission: DEVICE_PERMISSIONS.stats },
        schema: { tags, summary, querystring: statsQuery, response: { 200: response, ...errors } },
      },
      async (request) => {
        const { from, to, tz, deviceId, scope } = request.query;
        return ok(request, await answer(scopeOf(request, scope === 'all'), { from, to, timeZone: tz }, deviceId));
      },
    );
  statsRoute(
    DEVICE_PATHS.stateTime,
    'Seconds per state statistic per local day (running, processing, paused, fault, idle, shutdown, offline)',
    stateTimeResponse,
    (scope, range, deviceId) => stats.stateTime(scope, range, deviceId),
  );
  statsRoute(
    DEVICE_PATHS.faults,
    'Fault codes in the range, most frequent first',
    faultsResponse,
    (scope, range, deviceId) => stats.faults(scope, range, deviceId),
  );
  statsRoute(
    DEVICE_PATHS.byDevice,
    'Seconds per state statistic per machine over the range, the busiest first',
    byDeviceResponse,
    (scope, range) => stats.byDevice(scope, range),
  );
  statsRoute(DEVICE_PATHS.jobsPerDay, 'Jobs started and finished per local day', jobsPerDayResponse, (scope, range) =>
    stats.jobsPerDay(scope, range),
  );
  app.get(
    DEVICE_PATHS.fleet,
    {
      config: { permission: DEVICE_PERMISSIONS.stats },
      schema: {
        tags,
        summary: 'How many machines are in each runtime state now',
        querystring: fleetQuery,
        response: { 200: fleetResponse, ...errors },
      },
    },
    async (request) => ok(request, await stats.fleetNow(scopeOf(request, request.query.scope === 'all'))),
  );
};
