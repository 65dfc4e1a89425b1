import {
  type Bilingual,
  format,
  type Locale,
  SUPPORT_LIMITS,
  SUPPORT_PATHS,
  type SupportClientFrame,
  type SupportServerFrame,
} from '@kerf/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { partyFrom } from './support.routes.js';
import type { SupportParty, SupportService } from './support.service.js';
import type { SupportBus, SupportEvent } from './support-bus.js';

/** The live route in the OpenAPI document (@fastify/websocket hides upgrades from it). */
export const supportLiveOpenApi = {
  get: {
    tags: ['support'],
    summary: 'WebSocket: the customer-service chat as it happens',
    description:
      'Upgrade to a WebSocket. The caller is a signed-in person (`?token=` or the session cookie) or a visitor (`?visitor=`). ' +
      'Frames are JSON (contract SupportClientFrame / SupportServerFrame): the server says `hello`, then sends `message` for each new message of my conversation, ' +
      '`read` and `typing` from the other side, `ack` answering my `send` (with the stored message, also for a clientId stored before: a retry never duplicates) and `error`. ' +
      'Staff (support:chat:serve) who send `watch-queue` hear every conversation, with `conversation` frames as they change. Messages carry seq; a client that sees a gap fetches `GET /support/conversations/{id}/messages?after=`.',
    parameters: [
      { name: 'token', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'visitor', in: 'query', required: false, schema: { type: 'string' } },
    ],
    responses: {
      101: { description: 'Switching Protocols: the socket is open' },
      401: { description: 'Neither a valid token nor a visitor token' },
    },
  },
};

interface Watcher {
  party: SupportParty;
  socket: WebSocket;
  locale: Locale;
  lastTypingAt: number;
  /** Frames from one socket are handled one after another, so a client's sends keep their order. */
  chain: Promise<void>;
  alive: boolean;
}

const frame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('send'),
    conversationId: z.string().max(40),
    clientId: z.string().min(1).max(SUPPORT_LIMITS.clientIdMax),
    text: z.string().max(SUPPORT_LIMITS.textMax * 4),
  }),
  z.object({ type: z.literal('read'), conversationId: z.string().max(40), seq: z.number().int().min(0) }),
  z.object({ type: z.literal('typing'), conversationId: z.string().max(40) }),
  z.object({ type: z.literal('watch-queue') }),
  z.object({ type: z.literal('ping') }),
]);

const liveQuery = z.object({ token: z.string().optional(), visitor: z.string().max(200).optional() });
const HEARTBEAT_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    supportParty?: SupportParty;
  }
}

function send(socket: WebSocket, message: SupportServerFrame | string) {
  if (socket.readyState === socket.OPEN) socket.send(typeof message === 'string' ? message : JSON.stringify(message));
}

function errorText(error: unknown, locale: Locale): { code: number; msg: string } {
  if (error instanceof AppError) return { code: error.code, msg: format(error.text[locale], ...error.args) };
  const fallback: Bilingual = {
    'zh-CN': '系统未知错误，请反馈给管理员',
    en: 'Unknown system error; please tell the administrator',
  };
  return { code: 500, msg: fallback[locale] };
}

/**
 * `GET /cloud-api/support/live`: the chat's socket. Every instance holds its own sockets and hears
 * every instance's events on the bus; it hands each event to the sockets it concerns, found by
 * the person, the visitor's conversation, or the watching staff — never by walking every socket.
 */
export const supportLiveRoutes: FastifyPluginAsync<{ support: SupportService; bus: SupportBus }> = async (
  app,
  { support, bus },
) => {
  const byUser = new Map<string, Set<Watcher>>();
  const byVisitor = new Map<string, Set<Watcher>>();
  const staff = new Set<Watcher>();
  const all = new Set<Watcher>();

  const keyOf = (party: SupportParty) =>
    party.kind === 'user' ? ([byUser, party.userId] as const) : ([byVisitor, party.conversationId] as const);

  function customers(event: { userId: string | null }, conversationId: string): Iterable<Watcher> {
    return (event.userId ? byUser.get(event.userId) : byVisitor.get(conversationId)) ?? [];
  }

  function deliver(event: SupportEvent) {
    switch (event.type) {
      case 'message': {
        const text = JSON.stringify({ type: 'message', message: event.message } satisfies SupportServerFrame);
        const seen = new Set<Watcher>();
        for (const w of customers(event, event.message.conversationId)) {
          seen.add(w);
          send(w.socket, text);
        }
        const summary = JSON.stringify({
          type: 'conversation',
          conversation: event.conversation,
        } satisfies SupportServerFrame);
        for (const w of staff) {
          if (!seen.has(w)) send(w.socket, text);
          send(w.socket, summary);
        }
        return;
      }
      case 'read':
      case 'typing': {
        const { userId: _, ...visible } = event;
        const text = JSON.stringify(visible);
        // each side hears the other's; staff also hear each other's reads (one agent's read clears the badge)
        if (event.side === 'staff') for (const w of customers(event, event.conversationId)) send(w.socket, text);
        if (event.side === 'customer' || event.type === 'read') for (const w of staff) send(w.socket, text);
        return;
      }
      case 'conversation': {
        const text = JSON.stringify({
          type: 'conversation',
          conversation: event.conversation,
        } satisfies SupportServerFrame);
        for (const w of staff) send(w.socket, text);
        return;
      }
    }
  }

  const stop = bus.subscribe(deliver);
  const heartbeat = setInterval(() => {
    for (const w of all) {
      if (!w.alive) w.socket.terminate();
      else {
        w.alive = false;
        w.socket.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    stop();
    clearInterval(heartbeat);
    for (const w of all) w.socket.close(1001, 'server closing');
  });

  async function handle(w: Watcher, raw: string) {
    let parsed: SupportClientFrame;
    try {
      parsed = frame.parse(JSON.parse(raw)) as SupportClientFrame;
    } catch {
      send(w.socket, { type: 'error', ...errorText(AppError.badRequest('formatError'), w.locale) });
      return;
    }
    try {
      switch (parsed.type) {
        case 'send': {
          const { message } = await support.sendText(w.party, parsed.conversationId, parsed.clientId, parsed.text);
          send(w.socket, { type: 'ack', clientId: parsed.clientId, message });
          return;
        }
        case 'read':
          await support.markRead(w.party, parsed.conversationId, parsed.seq);
          return;
        case 'typing': {
          const now = Date.now();
          if (now - w.lastTypingAt < SUPPORT_LIMITS.typingEveryMs / 2) return;
          w.lastTypingAt = now;
          await support.typing(w.party, parsed.conversationId);
          return;
        }
        case 'watch-queue':
          if (w.party.kind !== 'user' || !w.party.staff) throw AppError.forbidden();
          staff.add(w);
          return;
        case 'ping':
          send(w.socket, { type: 'pong' });
          return;
      }
    } catch (error) {
      const clientId = parsed.type === 'send' ? parsed.clientId : undefined;
      send(w.socket, { type: 'error', ...(clientId ? { clientId } : {}), ...errorText(error, w.locale) });
    }
  }

  app.get(
    SUPPORT_PATHS.live,
    {
      websocket: true,
      config: { auth: 'optional', tokenQuery: true, tokenCookie: true },
      schema: { tags: ['support'], summary: 'WebSocket: the customer-service chat', querystring: liveQuery },
      // settled before the upgrade: a caller who is nobody is answered 401, not given a socket
      preValidation: async (request: FastifyRequest) => {
        request.supportParty = await partyFrom(request, support);
      },
    },
    (socket, request) => {
      const party = request.supportParty!;
      const w: Watcher = {
        party,
        socket,
        locale: request.locale,
        lastTypingAt: 0,
        chain: Promise.resolve(),
        alive: true,
      };
      const [index, key] = keyOf(party);
      const set = index.get(key) ?? new Set<Watcher>();
      set.add(w);
      index.set(key, set);
      all.add(w);
      socket.on('pong', () => {
        w.alive = true;
      });
      socket.on('message', (data) => {
        w.alive = true;
        const raw = data.toString();
        w.chain = w.chain.then(() => handle(w, raw));
      });
      socket.on('close', () => {
        all.delete(w);
        staff.delete(w);
        set.delete(w);
        if (set.size === 0 && index.get(key) === set) index.delete(key);
      });
      send(socket, { type: 'hello', side: party.kind === 'user' && party.staff ? 'staff' : 'customer' });
    },
  );
};
