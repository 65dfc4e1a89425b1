import {
  SUPPORT_LIMITS,
  type SupportClientFrame,
  type SupportConversation,
  type SupportMessage,
  type SupportServerFrame,
} from '@kerf/contract';
import type { LiveStatus } from '../../../../api/live-socket';
import type { ChatSide, ConversationStore } from './conversation-store';

/** The REST calls the connection makes (support-api.ts; tests pass fakes). */
export interface SupportTransport {
  fetchMessages(
    conversationId: string,
    query: { after?: number; before?: number; limit?: number },
  ): Promise<{ list: SupportMessage[]; hasMore: boolean }>;
  postAttachment(
    conversationId: string,
    clientId: string,
    file: Blob,
    name: string,
    onProgress: (fraction: number) => void,
  ): Promise<SupportMessage>;
  postRead(conversationId: string, seq: number): Promise<void>;
}

/** The socket as the connection needs it (openLiveSocket fits). */
export interface SupportSocket {
  send(frame: SupportClientFrame): boolean;
  reconnect(): void;
  close(): void;
}

export interface SocketHandlers {
  onMessage(frame: SupportServerFrame): void;
  onOpen(): void;
  onStatus(status: LiveStatus): void;
}

export interface SupportConnectionOptions {
  side: ChatSide;
  api: SupportTransport;
  openSocket(handlers: SocketHandlers): SupportSocket;
  /** Staff consoles: hear every conversation (`watch-queue`), told through onConversation. */
  watchQueue?: boolean;
  onConversation?(conversation: SupportConversation): void;
  /** A message of a conversation no store follows (the console's queue counts it). */
  onOtherMessage?(message: SupportMessage): void;
  /** Each time the socket opens (the first time too): what changed while it was down was not heard. */
  onOpen?(): void;
  onStatus?(status: LiveStatus): void;
  /** The words a failed call shows (the request client's messageOf). */
  describeError?(error: unknown): string | undefined;
  newClientId?(): string;
  /** How long a sent text waits for its ack before it shows as failed. */
  ackTimeoutMs?: number;
  pageSize?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => number;
}

const ACK_TIMEOUT_MS = 20_000;
const PAGE_SIZE = 30;

interface Followed {
  store: ConversationStore;
  /** A catch-up is running; `again` asks for one more when it ends (a gap seen meanwhile). */
  syncing: boolean;
  again: boolean;
  loadingOlder: boolean;
  lastTypingAt: number;
}

export function randomClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * One chat socket and the conversations it keeps up to date. Texts go over the socket (`send`), each
 * with a clientId the store shows it under until the server's `ack` brings the stored copy; files go
 * by REST. On every (re)open it fetches what was missed (`after=` the last contiguous seq) and sends
 * the texts still waiting again under their same clientIds — the server answers a clientId it already
 * stored with that message, so nothing is written twice.
 */
export function createSupportConnection(options: SupportConnectionOptions) {
  const { side, api } = options;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;
  const newClientId = options.newClientId ?? randomClientId;
  const describe = options.describeError ?? ((error: unknown) => (error instanceof Error ? error.message : undefined));
  const ackTimeoutMs = options.ackTimeoutMs ?? ACK_TIMEOUT_MS;
  const pageSize = options.pageSize ?? PAGE_SIZE;

  const followed = new Set<Followed>();
  /** Texts waiting for their ack: clientId → its conversation and deadline. */
  const awaiting = new Map<string, { conversationId: string; text: string; timer: unknown }>();
  /** Files kept for a retry: clientId → the file. */
  const files = new Map<string, { file: Blob; name: string }>();
  let status: LiveStatus = 'connecting';
  let closed = false;
  // assigned right after the handlers below exist; a frame cannot arrive before
  let socket: SupportSocket | undefined;
  const sendFrame = (frame: SupportClientFrame) => socket?.send(frame) ?? false;

  const entryOf = (conversationId: string | undefined): Followed | undefined => {
    if (!conversationId) return undefined;
    for (const entry of followed) if (entry.store.getSnapshot().conversationId === conversationId) return entry;
    return undefined;
  };
  const entryWithPending = (clientId: string): Followed | undefined => {
    for (const entry of followed) if (entry.store.pendingOf(clientId)) return entry;
    return undefined;
  };

  /* ---- catching up ---- */

  async function sync(entry: Followed) {
    if (entry.syncing) {
      entry.again = true;
      return;
    }
    entry.syncing = true;
    try {
      do {
        entry.again = false;
        await syncOnce(entry);
      } while (entry.again && !closed && followed.has(entry));
    } catch {
      // the next open, or the next gap, tries again
    } finally {
      entry.syncing = false;
    }
  }

  async function syncOnce(entry: Followed) {
    const conversationId = entry.store.getSnapshot().conversationId;
    if (!conversationId || closed || !followed.has(entry)) return;
    const firstTime = !entry.store.getSnapshot().loaded;
    if (firstTime) {
      const page = await api.fetchMessages(conversationId, { limit: pageSize });
      if (entry.store.getSnapshot().conversationId !== conversationId) return;
      entry.store.loadNewest(page.list, page.hasMore);
    }
    // after a reconnect, or a hole seen: what follows the last seq held without one
    let after = entry.store.missingAfter() ?? (firstTime ? null : entry.store.contiguousSeq());
    while (after !== null) {
      const page = await api.fetchMessages(conversationId, { after, limit: SUPPORT_LIMITS.pageMax });
      if (entry.store.getSnapshot().conversationId !== conversationId) return;
      entry.store.receive(page.list);
      const next = entry.store.contiguousSeq();
      after = page.hasMore && next > after ? next : null;
    }
  }

  function checkGap(entry: Followed) {
    if (entry.store.missingAfter() !== null) void sync(entry);
  }

  /* ---- texts ---- */

  function transmit(conversationId: string, clientId: string, text: string) {
    const known = awaiting.get(clientId);
    if (known) clearTimer(known.timer);
    const timer = setTimer(() => {
      awaiting.delete(clientId);
      entryWithPending(clientId)?.store.markFailed(clientId);
    }, ackTimeoutMs);
    awaiting.set(clientId, { conversationId, text, timer });
    // not open: it waits, and goes out when the socket opens
    sendFrame({ type: 'send', conversationId, clientId, text });
  }

  function settle(clientId: string) {
    const known = awaiting.get(clientId);
    if (known) clearTimer(known.timer);
    awaiting.delete(clientId);
  }

  /* ---- files ---- */

  async function upload(store: ConversationStore, conversationId: string, clientId: string) {
    const kept = files.get(clientId);
    if (!kept) return;
    try {
      const message = await api.postAttachment(conversationId, clientId, kept.file, kept.name, (fraction) =>
        store.setProgress(clientId, fraction),
      );
      files.delete(clientId);
      store.ack(clientId, message);
      const entry = entryOf(conversationId);
      if (entry) checkGap(entry);
    } catch (error) {
      store.markFailed(clientId, describe(error));
    }
  }

  /* ---- the socket ---- */

  function onFrame(frame: SupportServerFrame) {
    switch (frame.type) {
      case 'message': {
        const entry = entryOf(frame.message.conversationId);
        if (!entry) {
          options.onOtherMessage?.(frame.message);
          return;
        }
        settle(frame.message.clientId);
        entry.store.receive([frame.message]);
        checkGap(entry);
        return;
      }
      case 'ack': {
        settle(frame.clientId);
        const entry = entryOf(frame.message.conversationId) ?? entryWithPending(frame.clientId);
        if (!entry) return;
        entry.store.ack(frame.clientId, frame.message);
        checkGap(entry);
        return;
      }
      case 'read':
        entryOf(frame.conversationId)?.store.read(frame.side, frame.seq);
        return;
      case 'typing':
        if (frame.side !== side) entryOf(frame.conversationId)?.store.typing();
        return;
      case 'conversation': {
        const entry = entryOf(frame.conversation.id);
        if (entry) {
          entry.store.updateConversation(frame.conversation);
          checkGap(entry);
        }
        options.onConversation?.(frame.conversation);
        return;
      }
      case 'error': {
        if (!frame.clientId) return;
        settle(frame.clientId);
        entryWithPending(frame.clientId)?.store.markFailed(frame.clientId, frame.msg);
        return;
      }
      default:
        return;
    }
  }

  function onOpen() {
    if (options.watchQueue) sendFrame({ type: 'watch-queue' });
    for (const [clientId, waiting] of awaiting) {
      sendFrame({ type: 'send', conversationId: waiting.conversationId, clientId, text: waiting.text });
    }
    for (const entry of followed) void sync(entry);
    options.onOpen?.();
  }

  socket = options.openSocket({
    onMessage: onFrame,
    onOpen,
    onStatus: (next) => {
      status = next;
      options.onStatus?.(next);
    },
  });

  return {
    status: () => status,

    /**
     * Keeps a store's conversation up to date (its newest page now, catch-ups after): the store must
     * already hold the conversation (store.reset). Answers the way to stop.
     */
    follow(store: ConversationStore): () => void {
      const entry: Followed = { store, syncing: false, again: false, loadingOlder: false, lastTypingAt: 0 };
      followed.add(entry);
      void sync(entry);
      return () => {
        followed.delete(entry);
      };
    },

    /** Fetches again what the store may have missed (a reset to another conversation, the network back). */
    refresh(store: ConversationStore) {
      for (const entry of followed) if (entry.store === store) void sync(entry);
    },

    /** Shows the text at once and sends it; answers its clientId. */
    sendText(store: ConversationStore, text: string): string {
      const conversationId = store.getSnapshot().conversationId;
      if (!conversationId) throw new Error('no conversation');
      const clientId = newClientId();
      store.addPending({ clientId, kind: 'text', text });
      transmit(conversationId, clientId, text);
      return clientId;
    },

    /** Shows the file at once (a picture from `previewUrl`) and uploads it; answers its clientId. */
    sendFile(store: ConversationStore, file: Blob, name: string, kind: 'image' | 'file', previewUrl?: string): string {
      const conversationId = store.getSnapshot().conversationId;
      if (!conversationId) throw new Error('no conversation');
      const clientId = newClientId();
      files.set(clientId, { file, name });
      store.addPending({
        clientId,
        kind,
        text: '',
        attachment: { name, size: file.size, mime: file.type || 'application/octet-stream' },
        previewUrl,
      });
      void upload(store, conversationId, clientId);
      return clientId;
    },

    /** Sends a failed message again under the same clientId. */
    retry(store: ConversationStore, clientId: string) {
      const conversationId = store.getSnapshot().conversationId;
      const message = store.pendingOf(clientId);
      if (!conversationId || !message) return;
      store.markSending(clientId);
      if (message.kind === 'text') transmit(conversationId, clientId, message.text);
      else void upload(store, conversationId, clientId);
    },

    /** Forgets a failed message. */
    discard(store: ConversationStore, clientId: string) {
      settle(clientId);
      files.delete(clientId);
      store.dropPending(clientId);
    },

    /** Marks everything held as read by this side (the panel is open and seen). */
    markRead(store: ConversationStore) {
      const snapshot = store.getSnapshot();
      const { conversationId } = snapshot;
      const seq = snapshot.messages.at(-1)?.seq ?? 0;
      if (!conversationId || seq <= snapshot.myReadSeq) return;
      store.read(side, seq);
      if (!sendFrame({ type: 'read', conversationId, seq })) {
        api.postRead(conversationId, seq).catch(() => undefined);
      }
    },

    /** Tells the other side I am typing, at most every SUPPORT_LIMITS.typingEveryMs. */
    typing(store: ConversationStore) {
      const conversationId = store.getSnapshot().conversationId;
      const entry = [...followed].find((e) => e.store === store);
      if (!conversationId || !entry) return;
      const at = now();
      if (at - entry.lastTypingAt < SUPPORT_LIMITS.typingEveryMs) return;
      entry.lastTypingAt = at;
      sendFrame({ type: 'typing', conversationId });
    },

    /** The page before the first message held; resolves when it is in the store. */
    async loadOlder(store: ConversationStore): Promise<void> {
      const entry = [...followed].find((e) => e.store === store);
      const snapshot = store.getSnapshot();
      const first = store.firstSeq();
      if (!entry || entry.loadingOlder || !snapshot.conversationId || !snapshot.hasOlder || first === null) return;
      entry.loadingOlder = true;
      try {
        const page = await api.fetchMessages(snapshot.conversationId, { before: first, limit: pageSize });
        if (store.getSnapshot().conversationId === snapshot.conversationId) store.loadOlder(page.list, page.hasMore);
      } finally {
        entry.loadingOlder = false;
      }
    },

    /** Connects again now (the browser says the network is back). */
    reconnect() {
      socket?.reconnect();
    },

    close() {
      closed = true;
      for (const waiting of awaiting.values()) clearTimer(waiting.timer);
      awaiting.clear();
      files.clear();
      followed.clear();
      socket?.close();
    },
  };
}

export type SupportConnection = ReturnType<typeof createSupportConnection>;
