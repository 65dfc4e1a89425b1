import { DEVICE_PATHS, DEVICE_PERMISSIONS, hasPermission } from '@kerf/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { LiveBus } from '../../infra/live/live-bus.js';
import { callerOf } from '../auth/auth.plugin.js';
import type { DeviceIngestService } from './device-ingest.service.js';

/** What every instance hears about a machine's state, whichever instance stored it. */
export const DEVICE_CHANNEL = 'device';
/** A bus message: the browser's message (contract DeviceLiveMessage) and whose machine it is about. */
export type DeviceBusMessage = { ownerId: string | null; deviceId: string } & (
  | { type: 'state'; state: string; previous: string; at: string }
  | { type: 'command'; commandId: string; state: string }
  | { type: 'job'; jobId: string }
);
const BUS_TYPES = new Set(['state', 'command', 'job']);

/** Tells the other instances (and this one) each change the ingest stores: states, commands, jobs. */
export function publishDeviceChanges(ingest: DeviceIngestService, bus: LiveBus, onError: (err: unknown) => void) {
  const publish = (message: DeviceBusMessage) => bus.publish(DEVICE_CHANNEL, message).catch(onError);
  return ingest.listen({
    state: (change) =>
      publish({
        type: 'state',
        deviceId: change.deviceId,
        ownerId: change.ownerId,
        state: change.state,
        previous: change.previous,
        at: change.at.toISOString(),
      }),
    // only a machine's owner sends it commands, so the sender is the one to tell
    command: (command) =>
      publish({
        type: 'command',
        deviceId: command.deviceId,
        ownerId: command.userId,
        commandId: command.id,
        state: command.state,
      }),
    job: (change) => publish({ type: 'job', deviceId: change.deviceId, ownerId: change.ownerId, jobId: change.jobId }),
  });
}

/**
 * The live route in the OpenAPI document. @fastify/websocket hides WebSocket routes from it (OpenAPI
 * has no words for an upgrade), so the entry is added by hand: the upgrade, its query and refusals.
 */
export const deviceLiveOpenApi = {
  get: {
    tags: ['device'],
    summary: 'WebSocket: my machines’ state changes as they happen',
    description:
      'Upgrade to a WebSocket. Messages are JSON: `{"type":"hello"}` once, then `{"type":"state","deviceId","state","previous","at"}` for each change of state of a machine bound to the caller (every machine with `scope=all` and device:fleet:view), `{"type":"command","deviceId","commandId","state"}` when a command the caller sent changes state, and `{"type":"job","deviceId","jobId"}` when the machine reports on a job. Browsers cannot set headers here, so the token comes as `?token=` or the session cookie.',
    parameters: [
      { name: 'token', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'scope',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['mine', 'all'], default: 'mine' },
      },
    ],
    responses: {
      101: { description: 'Switching Protocols: the socket is open' },
      401: { description: 'No valid token' },
      403: { description: 'Not allowed to see machines' },
    },
  },
};

interface Watcher {
  userId: string;
  all: boolean;
  socket: WebSocket;
}

const liveQuery = z.object({ token: z.string().optional(), scope: z.enum(['mine', 'all']).default('mine') });

/**
 * `GET /cloud-api/device/live` (WebSocket): the caller's machines' state changes as they happen, as
 * JSON `{type: 'state', deviceId, state, previous, at}`, and the changes of their commands and jobs. Browsers cannot set headers on a WebSocket, so
 * the token comes as `?token=` or the session cookie; `scope=all` with the fleet permission hears every machine.
 */
export const deviceLiveRoutes: FastifyPluginAsync<{ bus: LiveBus }> = async (app, { bus }) => {
  const watchers = new Set<Watcher>();
  const stop = bus.subscribe(DEVICE_CHANNEL, (raw) => {
    const message = raw as DeviceBusMessage;
    if (!BUS_TYPES.has(message?.type)) return;
    const { ownerId, ...visible } = message;
    const text = JSON.stringify(visible);
    for (const watcher of watchers) {
      if ((watcher.all || watcher.userId === ownerId) && watcher.socket.readyState === watcher.socket.OPEN) {
        watcher.socket.send(text);
      }
    }
  });
  app.addHook('onClose', async () => {
    stop();
    for (const watcher of watchers) watcher.socket.close(1001, 'server closing');
  });

  app.get(
    DEVICE_PATHS.live,
    {
      websocket: true,
      config: { permission: DEVICE_PERMISSIONS.list, tokenQuery: true, tokenCookie: true },
      schema: {
        tags: ['device'],
        summary: 'WebSocket: my machines’ state changes as they happen (token as ?token= or the session cookie)',
        querystring: liveQuery,
      },
    },
    (socket, request) => {
      const caller = callerOf(request);
      const wantsAll = (request.query as z.infer<typeof liveQuery>).scope === 'all';
      const watcher: Watcher = {
        userId: caller.userId,
        all: wantsAll && hasPermission(caller, DEVICE_PERMISSIONS.fleet),
        socket,
      };
      watchers.add(watcher);
      socket.on('close', () => watchers.delete(watcher));
      socket.send(JSON.stringify({ type: 'hello' }));
    },
  );
};
