import type { SupportClientFrame } from '@kerf/contract';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../../stores/create-store';
import type { SocketHandlers } from '../../shared/model/support-connection';
import { conversationOf, messageOf } from '../../shared/model/support-fixtures';
import { type Caller, type CustomerChatDeps, createCustomerChat, VISITOR_TOKEN_KEY } from './customer-chat';

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

class GoneError extends Error {}

function setup(options: {
  signedIn?: boolean;
  token?: string | null;
  mine?: ReturnType<typeof conversationOf> | null;
}) {
  const storage = memoryStorage();
  if (options.token) storage.setItem(VISITOR_TOKEN_KEY, options.token);
  let signedIn = options.signedIn ?? false;
  const sockets: Array<{ caller: Caller; handlers: SocketHandlers; sent: SupportClientFrame[]; closed: boolean }> = [];
  const fetchMine = vi.fn(async (caller: Caller) => {
    if (!signedIn && caller.visitor !== 'good-token' && caller.visitor !== 'new-token') throw new GoneError('gone');
    return options.mine ?? null;
  });
  const deps: CustomerChatDeps = {
    isSignedIn: () => signedIn,
    fetchMine,
    openMine: vi.fn(async () => conversationOf({ id: 'opened' })),
    startVisitor: vi.fn(async () => ({ token: 'new-token', conversation: conversationOf({ id: 'visitor-conv' }) })),
    transport: () => ({
      fetchMessages: async (conversationId) => ({ list: [messageOf(1, { conversationId })], hasMore: false }),
      postAttachment: async () => messageOf(9),
      postRead: async () => undefined,
    }),
    openSocket: (caller, handlers) => {
      const socket = {
        caller,
        handlers,
        sent: [] as SupportClientFrame[],
        closed: false,
        send(frame: SupportClientFrame) {
          socket.sent.push(frame);
          return true;
        },
        reconnect: () => undefined,
        close() {
          socket.closed = true;
        },
      };
      sockets.push(socket);
      // as openLiveSocket does: the first status comes before the socket is handed back
      handlers.onStatus('connecting');
      return socket;
    },
    storage,
    isVisitorGone: (error) => error instanceof GoneError,
    describeError: (error) => (error as Error).message,
  };
  const chat = createCustomerChat(deps);
  return {
    chat,
    deps,
    storage,
    sockets,
    fetchMine,
    signIn: () => {
      signedIn = true;
    },
    signOut: () => {
      signedIn = false;
    },
  };
}

describe('customer chat', () => {
  it('a visitor without a token is asked for a name and a contact when the panel opens', async () => {
    const { chat, fetchMine } = setup({});
    chat.start();
    expect(fetchMine).not.toHaveBeenCalled();
    chat.openPanel();
    await flush();
    expect(chat.getState()).toMatchObject({ open: true, phase: 'visitor-form' });
  });

  it('a visitor’s start keeps the token and follows the conversation with it', async () => {
    const { chat, storage, sockets } = setup({});
    chat.openPanel();
    await chat.startVisitor({ name: 'Ada', contact: 'ada@example.com', captchaUuid: 'u', captchaCode: 'c' });
    await flush();
    expect(storage.getItem(VISITOR_TOKEN_KEY)).toBe('new-token');
    expect(chat.getState()).toMatchObject({ phase: 'ready', conversation: { id: 'visitor-conv' } });
    expect(sockets[0]?.caller).toEqual({ visitor: 'new-token' });
    expect(chat.store.getSnapshot().messages).toHaveLength(1);
    expect(chat.caller()).toEqual({ visitor: 'new-token' });
  });

  it('a kept visitor token finds its conversation on page load (for the unread badge)', async () => {
    const { chat, sockets } = setup({ token: 'good-token', mine: conversationOf({ lastSeq: 1, customerReadSeq: 0 }) });
    chat.start();
    await flush();
    expect(chat.getState()).toMatchObject({ phase: 'ready', live: 'connecting' });
    expect(sockets).toHaveLength(1);
    sockets[0]?.handlers.onStatus('open');
    expect(chat.getState().live).toBe('open');
    expect(chat.store.getSnapshot().unread).toBe(1);
  });

  it('a token that reaches nothing any more is forgotten and the form shows', async () => {
    const { chat, storage } = setup({ token: 'stale' });
    chat.start();
    await flush();
    expect(chat.getState()).toMatchObject({ phase: 'visitor-form', visitorToken: null, error: 'gone' });
    expect(storage.getItem(VISITOR_TOKEN_KEY)).toBeNull();
  });

  it('a signed-in person without a conversation gets one with their first message', async () => {
    const { chat, deps, sockets } = setup({ signedIn: true, mine: null });
    chat.start();
    await flush();
    expect(chat.getState()).toMatchObject({ phase: 'ready', conversation: null });
    expect(sockets).toHaveLength(0);
    expect(await chat.sendText('hello')).toBe(true);
    expect(deps.openMine).toHaveBeenCalledTimes(1);
    expect(chat.getState().conversation?.id).toBe('opened');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.caller).toEqual({});
    expect(chat.store.getSnapshot().pending).toEqual([expect.objectContaining({ text: 'hello', state: 'sending' })]);
    await chat.sendText('again');
    expect(deps.openMine).toHaveBeenCalledTimes(1);
  });

  it('a visitor cannot write before starting', async () => {
    const { chat } = setup({});
    expect(await chat.sendText('hello')).toBe(false);
  });

  it('signing in starts over with the session and closes the visitor’s socket', async () => {
    const h = setup({ token: 'good-token', mine: conversationOf() });
    h.chat.start();
    await flush();
    expect(h.sockets).toHaveLength(1);
    h.signIn();
    h.chat.start();
    await flush();
    expect(h.sockets[0]?.closed).toBe(true);
    expect(h.sockets[1]?.caller).toEqual({});
    expect(h.chat.getState().signedIn).toBe(true);
  });

  it('starting as a new visitor forgets the old token', async () => {
    const { chat, storage, sockets } = setup({ token: 'good-token', mine: conversationOf() });
    chat.start();
    await flush();
    chat.restartVisitor();
    expect(storage.getItem(VISITOR_TOKEN_KEY)).toBeNull();
    expect(sockets[0]?.closed).toBe(true);
    expect(chat.getState()).toMatchObject({ phase: 'visitor-form', conversation: null });
  });

  it('signing out with the panel open shows the visitor form', async () => {
    const h = setup({ signedIn: true, mine: conversationOf() });
    h.chat.start();
    h.chat.openPanel();
    await flush();
    expect(h.chat.getState().phase).toBe('ready');
    h.signOut();
    h.chat.start();
    await flush();
    expect(h.chat.getState()).toMatchObject({ phase: 'visitor-form', signedIn: false, conversation: null });
    expect(h.sockets[0]?.closed).toBe(true);
  });
});
