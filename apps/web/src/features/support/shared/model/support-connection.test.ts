import type { SupportClientFrame, SupportMessage, SupportServerFrame } from '@kerf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatSide, createConversationStore } from './conversation-store';
import {
  createSupportConnection,
  type SocketHandlers,
  type SupportConnectionOptions,
  type SupportTransport,
} from './support-connection';
import { CONVERSATION_ID, conversationOf, messageOf, messagesOf } from './support-fixtures';

/** A server holding one conversation's messages, answering the REST calls as the contract says. */
class FakeServer implements SupportTransport {
  messages: SupportMessage[] = [];
  calls: Array<{ after?: number; before?: number; limit?: number }> = [];
  reads: number[] = [];
  uploads: string[] = [];
  failUploads = false;

  async fetchMessages(_id: string, query: { after?: number; before?: number; limit?: number }) {
    this.calls.push(query);
    const limit = query.limit ?? 30;
    let list: SupportMessage[];
    let hasMore: boolean;
    if (query.after !== undefined) {
      const newer = this.messages.filter((m) => m.seq > query.after!);
      list = newer.slice(0, limit);
      hasMore = newer.length > limit;
    } else {
      const older = query.before === undefined ? this.messages : this.messages.filter((m) => m.seq < query.before!);
      list = older.slice(-limit);
      hasMore = older.length > limit;
    }
    return { list, hasMore };
  }

  async postAttachment(_id: string, clientId: string, _file: Blob, name: string, onProgress: (f: number) => void) {
    this.uploads.push(clientId);
    onProgress(0.5);
    if (this.failUploads) throw new Error('图片不能超过10MB');
    const known = this.messages.find((m) => m.clientId === clientId);
    if (known) return known;
    const message = messageOf(this.messages.length + 1, {
      side: 'customer',
      clientId,
      kind: 'image',
      attachment: { name, size: 3, mime: 'image/png' },
    });
    this.messages.push(message);
    return message;
  }

  async postRead(_id: string, seq: number) {
    this.reads.push(seq);
  }

  /** Stores a text as the server would: the same clientId answers the stored one. */
  store(side: 'customer' | 'staff', clientId: string, text: string): SupportMessage {
    const known = this.messages.find((m) => m.side === side && m.clientId === clientId);
    if (known) return known;
    const message = messageOf(this.messages.length + 1, { side, clientId, text });
    this.messages.push(message);
    return message;
  }
}

class FakeSocket {
  handlers!: SocketHandlers;
  open = false;
  sent: SupportClientFrame[] = [];
  reconnects = 0;
  closed = false;
  send(frame: SupportClientFrame) {
    if (!this.open) return false;
    this.sent.push(frame);
    return true;
  }
  reconnect() {
    this.reconnects += 1;
  }
  close() {
    this.closed = true;
  }
  connect() {
    this.open = true;
    this.handlers.onStatus('open');
    this.handlers.onOpen();
  }
  drop() {
    this.open = false;
    this.handlers.onStatus('closed');
  }
  deliver(frame: SupportServerFrame) {
    this.handlers.onMessage(frame);
  }
  take(): SupportClientFrame[] {
    const frames = this.sent;
    this.sent = [];
    return frames;
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(side: ChatSide = 'customer', extra: Partial<SupportConnectionOptions> = {}) {
  const server = new FakeServer();
  const socket = new FakeSocket();
  let ids = 0;
  const connection = createSupportConnection({
    side,
    api: server,
    openSocket: (handlers) => {
      socket.handlers = handlers;
      return socket;
    },
    newClientId: () => `client-${++ids}`,
    pageSize: 5,
    ...extra,
  });
  const store = createConversationStore({ side });
  return { server, socket, connection, store };
}

const seqs = (messages: readonly SupportMessage[]) => messages.map((m) => m.seq);

describe('support connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the newest page when it starts following, and older pages on request', async () => {
    const { server, connection, store } = setup();
    server.messages = messagesOf(1, 12);
    store.reset(conversationOf({ lastSeq: 12 }));
    connection.follow(store);
    await flush();
    expect(seqs(store.getSnapshot().messages)).toEqual([8, 9, 10, 11, 12]);
    expect(store.getSnapshot().hasOlder).toBe(true);
    // the newest page ends at the conversation's last seq: nothing to catch up
    expect(server.calls).toEqual([{ limit: 5 }]);
    await connection.loadOlder(store);
    expect(seqs(store.getSnapshot().messages)).toEqual(messagesOf(3, 12).map((m) => m.seq));
    expect(server.calls.at(-1)).toEqual({ before: 8, limit: 5 });
    await connection.loadOlder(store);
    expect(store.getSnapshot().hasOlder).toBe(false);
    expect(store.getSnapshot().messages).toHaveLength(12);
    // nothing older to ask for
    await connection.loadOlder(store);
    expect(server.calls).toHaveLength(3);
  });

  it('sends a text over the socket and shows it pending until the ack', async () => {
    const { server, socket, connection, store } = setup();
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    socket.take();
    const clientId = connection.sendText(store, 'hello');
    expect(socket.take()).toEqual([{ type: 'send', conversationId: CONVERSATION_ID, clientId, text: 'hello' }]);
    expect(store.getSnapshot().pending).toEqual([expect.objectContaining({ clientId, state: 'sending' })]);
    const stored = server.store('customer', clientId, 'hello');
    socket.deliver({ type: 'message', message: stored });
    socket.deliver({ type: 'ack', clientId, message: stored });
    expect(store.getSnapshot().pending).toEqual([]);
    expect(seqs(store.getSnapshot().messages)).toEqual([1]);
  });

  it('a text written while the socket is down goes out when it opens, under the same clientId', async () => {
    const { server, socket, connection, store } = setup();
    store.reset(conversationOf());
    connection.follow(store);
    await flush();
    const clientId = connection.sendText(store, 'offline hello');
    expect(socket.sent).toEqual([]);
    socket.connect();
    await flush();
    expect(socket.take()).toEqual([{ type: 'send', conversationId: CONVERSATION_ID, clientId, text: 'offline hello' }]);
    socket.deliver({ type: 'ack', clientId, message: server.store('customer', clientId, 'offline hello') });
    expect(store.getSnapshot().pending).toEqual([]);
  });

  it('resends an unanswered text after a reconnect; the server’s ack for a known clientId duplicates nothing', async () => {
    const { server, socket, connection, store } = setup();
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    socket.take();
    const clientId = connection.sendText(store, 'hello');
    // the server stored it, but the socket dropped before the ack came
    const stored = server.store('customer', clientId, 'hello');
    socket.drop();
    socket.connect();
    await flush();
    const frames = socket.take();
    expect(frames).toContainEqual({ type: 'send', conversationId: CONVERSATION_ID, clientId, text: 'hello' });
    // the catch-up already brought the stored copy; the ack for the resend brings it again
    socket.deliver({ type: 'ack', clientId, message: server.store('customer', clientId, 'hello') });
    expect(seqs(store.getSnapshot().messages)).toEqual([stored.seq]);
    expect(store.getSnapshot().pending).toEqual([]);
    expect(server.messages).toHaveLength(1);
  });

  it('catches up after the last contiguous seq when the socket opens again', async () => {
    const { server, socket, connection, store } = setup();
    server.messages = messagesOf(1, 3);
    store.reset(conversationOf({ lastSeq: 3 }));
    connection.follow(store);
    socket.connect();
    await flush();
    socket.drop();
    // written while this side was offline
    server.store('staff', 's4', 'first');
    server.store('staff', 's5', 'second');
    server.calls = [];
    socket.connect();
    await flush();
    expect(server.calls).toEqual([{ after: 3, limit: 100 }]);
    expect(store.getSnapshot().messages.map((m) => m.text)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'first',
      'second',
    ]);
    // the live frames that may still arrive for them change nothing
    socket.deliver({ type: 'message', message: server.messages[3]! });
    expect(store.getSnapshot().messages).toHaveLength(5);
  });

  it('a live message past a gap fetches what is missing', async () => {
    const { server, socket, connection, store } = setup();
    server.messages = messagesOf(1, 2);
    store.reset(conversationOf({ lastSeq: 2 }));
    connection.follow(store);
    socket.connect();
    await flush();
    server.store('staff', 'a', 'three');
    server.store('staff', 'b', 'four');
    server.calls = [];
    socket.deliver({ type: 'message', message: server.messages[3]! });
    await flush();
    expect(server.calls).toEqual([{ after: 2, limit: 100 }]);
    expect(seqs(store.getSnapshot().messages)).toEqual([1, 2, 3, 4]);
  });

  it('follows a long catch-up page after page', async () => {
    const { server, socket, connection, store } = setup();
    server.messages = messagesOf(1, 1);
    store.reset(conversationOf({ lastSeq: 1 }));
    connection.follow(store);
    socket.connect();
    await flush();
    socket.drop();
    server.messages = messagesOf(1, 230);
    server.calls = [];
    socket.connect();
    await flush();
    expect(server.calls.map((c) => c.after)).toEqual([1, 101, 201]);
    expect(store.getSnapshot().messages).toHaveLength(230);
  });

  it('shows a text as failed when no ack comes in time, and a retry keeps its clientId', async () => {
    const { server, socket, connection, store } = setup('customer', { ackTimeoutMs: 1_000 });
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    socket.take();
    const clientId = connection.sendText(store, 'hello');
    vi.advanceTimersByTime(1_000);
    expect(store.getSnapshot().pending[0]).toMatchObject({ clientId, state: 'failed' });
    connection.retry(store, clientId);
    expect(store.getSnapshot().pending[0]).toMatchObject({ clientId, state: 'sending' });
    const frames = socket.take();
    expect(frames).toHaveLength(2);
    expect(frames[1]).toEqual({ type: 'send', conversationId: CONVERSATION_ID, clientId, text: 'hello' });
    socket.deliver({ type: 'ack', clientId, message: server.store('customer', clientId, 'hello') });
    expect(store.getSnapshot().pending).toEqual([]);
    // the ack's timer is gone: nothing turns failed later
    vi.advanceTimersByTime(5_000);
    expect(seqs(store.getSnapshot().messages)).toEqual([1]);
  });

  it('an error frame for a clientId shows that message as failed with the server’s words', async () => {
    const { socket, connection, store } = setup();
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    const clientId = connection.sendText(store, 'x');
    socket.deliver({ type: 'error', clientId, code: 429, msg: '发送太频繁，请稍后再试' });
    expect(store.getSnapshot().pending[0]).toMatchObject({ state: 'failed', error: '发送太频繁，请稍后再试' });
    connection.discard(store, clientId);
    expect(store.getSnapshot().pending).toEqual([]);
  });

  it('uploads a file by REST, and a failed upload is retried with the same clientId', async () => {
    const { server, socket, connection, store } = setup('customer', { describeError: (e) => (e as Error).message });
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    server.failUploads = true;
    const clientId = connection.sendFile(store, new Blob(['abc'], { type: 'image/png' }), 'a.png', 'image');
    await flush();
    expect(store.getSnapshot().pending[0]).toMatchObject({ clientId, state: 'failed', error: '图片不能超过10MB' });
    server.failUploads = false;
    connection.retry(store, clientId);
    await flush();
    expect(server.uploads).toEqual([clientId, clientId]);
    expect(store.getSnapshot().pending).toEqual([]);
    expect(store.getSnapshot().messages[0]).toMatchObject({ kind: 'image', clientId });
  });

  it('marks read over the socket, by REST when it is down, and only forwards', async () => {
    const { server, socket, connection, store } = setup();
    server.messages = messagesOf(1, 3);
    store.reset(conversationOf({ lastSeq: 3 }));
    connection.follow(store);
    await flush();
    connection.markRead(store);
    await flush();
    expect(server.reads).toEqual([3]);
    expect(store.getSnapshot().unread).toBe(0);
    socket.connect();
    await flush();
    socket.take();
    connection.markRead(store);
    expect(socket.take()).toEqual([]);
    socket.deliver({ type: 'message', message: server.store('staff', 's', 'new') });
    connection.markRead(store);
    expect(socket.take()).toEqual([{ type: 'read', conversationId: CONVERSATION_ID, seq: 4 }]);
  });

  it('passes read receipts and typing of the other side to the store', async () => {
    const { socket, connection, store } = setup();
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    socket.deliver({ type: 'read', conversationId: CONVERSATION_ID, side: 'staff', seq: 4 });
    socket.deliver({ type: 'typing', conversationId: CONVERSATION_ID, side: 'staff' });
    expect(store.getSnapshot()).toMatchObject({ theirReadSeq: 4, theirTyping: true });
    // my own typing echoed back is not shown
    store.dispose();
  });

  it('sends typing at most every typingEveryMs', async () => {
    let clock = 10_000;
    const { socket, connection, store } = setup('customer', { now: () => clock });
    store.reset(conversationOf());
    connection.follow(store);
    socket.connect();
    await flush();
    socket.take();
    connection.typing(store);
    connection.typing(store);
    clock += 2_500;
    connection.typing(store);
    expect(socket.take()).toEqual([
      { type: 'typing', conversationId: CONVERSATION_ID },
      { type: 'typing', conversationId: CONVERSATION_ID },
    ]);
  });

  it('a staff console asks to watch the queue on every open and hears conversations', async () => {
    const onConversation = vi.fn();
    const onOtherMessage = vi.fn();
    const { socket } = setup('staff', { watchQueue: true, onConversation, onOtherMessage });
    socket.connect();
    expect(socket.take()).toEqual([{ type: 'watch-queue' }]);
    socket.drop();
    socket.connect();
    expect(socket.take()).toEqual([{ type: 'watch-queue' }]);
    socket.deliver({ type: 'conversation', conversation: conversationOf({ id: 'c2', lastSeq: 4 }) });
    socket.deliver({ type: 'message', message: messageOf(4, { conversationId: 'c2' }) });
    expect(onConversation).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }));
    expect(onOtherMessage).toHaveBeenCalledWith(expect.objectContaining({ conversationId: 'c2' }));
  });

  it('a conversation frame for the followed one raising lastSeq fetches the rest', async () => {
    const { server, socket, connection, store } = setup('staff');
    server.messages = messagesOf(1, 2, { side: 'customer' });
    store.reset(conversationOf({ lastSeq: 2 }));
    connection.follow(store);
    socket.connect();
    await flush();
    server.store('customer', 'z', 'three');
    socket.deliver({ type: 'conversation', conversation: conversationOf({ lastSeq: 3 }) });
    await flush();
    expect(seqs(store.getSnapshot().messages)).toEqual([1, 2, 3]);
  });

  it('stops following, and closes the socket', async () => {
    const { server, socket, connection, store } = setup();
    store.reset(conversationOf());
    const stop = connection.follow(store);
    await flush();
    stop();
    server.calls = [];
    socket.connect();
    await flush();
    expect(server.calls).toEqual([]);
    connection.reconnect();
    expect(socket.reconnects).toBe(1);
    connection.close();
    expect(socket.closed).toBe(true);
  });
});
