import {
  SUPPORT_LIMITS,
  type SupportAttachment,
  type SupportConversation,
  type SupportMessage,
  type SupportMessageKind,
} from '@kerf/contract';

/** Which side of the chat this screen is: the customer's panel or a staff console. */
export type ChatSide = 'customer' | 'staff';

export type PendingState = 'sending' | 'failed';

/** A message on its way: shown after the stored ones until the server's copy replaces it. */
export interface PendingMessage {
  clientId: string;
  kind: SupportMessageKind;
  text: string;
  attachment: SupportAttachment | null;
  /** A picture being sent, shown from the sender's own copy (an object URL). */
  previewUrl?: string;
  state: PendingState;
  /** Why the last try failed, in the server's words when it gave some. */
  error?: string;
  /** 0…1 while a file uploads. */
  progress?: number;
  createdAt: string;
}

export interface ConversationSnapshot {
  conversationId: string | null;
  /** Stored messages, ascending by seq, each seq once. */
  messages: readonly SupportMessage[];
  /** Messages on their way, in the order they were written. */
  pending: readonly PendingMessage[];
  /** The newest page has arrived (before it, the list is not the conversation's end). */
  loaded: boolean;
  /** There are older messages than the first shown (scrolling up fetches them with `before=`). */
  hasOlder: boolean;
  /** The highest seq the other side has read: my messages up to it show as read. */
  theirReadSeq: number;
  /** The highest seq this side has read. */
  myReadSeq: number;
  /** The highest seq known (a message seen, or the conversation's lastSeq). */
  lastSeq: number;
  /** The other side is typing (for SUPPORT_LIMITS.typingShownMs after their signal). */
  theirTyping: boolean;
  /** Messages of the other side this side has not read. */
  unread: number;
}

export interface ConversationStoreOptions {
  side: ChatSide;
  /** Timers for the typing indicator; tests pass fakes or use fake timers. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => Date;
}

export interface NewPending {
  clientId: string;
  kind: SupportMessageKind;
  text: string;
  attachment?: SupportAttachment | null;
  previewUrl?: string;
}

/**
 * Whether a message counts as this side's. Writing marks everything before as read by the writer's
 * side, and a system notice (an assignment, a close) is the staff's own doing: it is news to the
 * customer, not to staff.
 */
export function isOwnMessage(message: Pick<SupportMessage, 'side'>, side: ChatSide): boolean {
  return message.side === side || (side === 'staff' && message.side === 'system');
}

const EMPTY: ConversationSnapshot = {
  conversationId: null,
  messages: [],
  pending: [],
  loaded: false,
  hasOlder: false,
  theirReadSeq: 0,
  myReadSeq: 0,
  lastSeq: 0,
  theirTyping: false,
  unread: 0,
};

/**
 * The messages of one conversation as a screen shows them, outside React: kept in seq order whatever
 * order they arrive in, each once (a message heard on the socket and again in a catch-up page, an ack
 * and its own broadcast), with the sender's pending messages after them. It notices a gap — a message
 * whose seq is more than one past what it holds — so the connection can fetch what is missing.
 * React reads it with useSyncExternalStore (getSnapshot returns the same object until something changes).
 */
export function createConversationStore(options: ConversationStoreOptions) {
  const { side } = options;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const now = options.now ?? (() => new Date());
  const listeners = new Set<() => void>();

  let conversationId: string | null = null;
  /** Stored messages by seq. */
  let bySeq = new Map<number, SupportMessage>();
  let sorted: SupportMessage[] = [];
  let pending: PendingMessage[] = [];
  let loaded = false;
  let hasOlder = false;
  let theirReadSeq = 0;
  let myReadSeq = 0;
  let knownLastSeq = 0;
  let theirTyping = false;
  let typingTimer: unknown;
  let snapshot: ConversationSnapshot = EMPTY;

  function publish() {
    const lastSeq = Math.max(knownLastSeq, sorted.at(-1)?.seq ?? 0);
    snapshot = {
      conversationId,
      messages: sorted,
      pending,
      loaded,
      hasOlder,
      theirReadSeq,
      myReadSeq,
      lastSeq,
      theirTyping,
      // as the server counts it: what follows my read mark is all the other side's
      unread: Math.max(0, lastSeq - myReadSeq),
    };
    for (const listener of [...listeners]) listener();
  }

  function stopTyping() {
    if (typingTimer !== undefined) clearTimer(typingTimer);
    typingTimer = undefined;
    theirTyping = false;
  }

  /** Adds messages without publishing; answers whether anything changed. */
  function merge(incoming: readonly SupportMessage[]): boolean {
    let changed = false;
    for (const message of incoming) {
      if (conversationId && message.conversationId !== conversationId) continue;
      if (!Number.isInteger(message.seq) || message.seq < 1) continue;
      const known = bySeq.get(message.seq);
      if (!known || known.id !== message.id || known.attachment !== message.attachment) {
        bySeq.set(message.seq, message);
        changed = true;
      }
      if (isOwnMessage(message, side)) {
        // my own message, stored: its pending copy goes, and writing it read everything before it
        if (message.side === side) {
          const before = pending.length;
          pending = pending.filter((p) => p.clientId !== message.clientId);
          if (pending.length !== before) changed = true;
        }
        if (message.seq > myReadSeq) {
          myReadSeq = message.seq;
          changed = true;
        }
      } else {
        if (message.seq > theirReadSeq) {
          theirReadSeq = message.seq;
          changed = true;
        }
        if (message.side !== 'system' && theirTyping && !known) {
          stopTyping();
          changed = true;
        }
      }
    }
    if (changed) sorted = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
    return changed;
  }

  /** The highest seq with nothing missing from the first message held up to it. */
  function contiguousSeq(): number {
    if (sorted.length === 0) return 0;
    let seq = sorted[0]!.seq;
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.seq !== seq + 1) break;
      seq = sorted[i]!.seq;
    }
    return seq;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /**
     * Starts over for a conversation (or none): its read marks and last seq count until messages
     * arrive. Pending messages stay only when the conversation is the same one.
     */
    reset(conversation: SupportConversation | null) {
      const same = conversation !== null && conversation.id === conversationId;
      stopTyping();
      if (!same) {
        bySeq = new Map();
        sorted = [];
        pending = [];
        loaded = false;
        hasOlder = false;
      }
      conversationId = conversation?.id ?? null;
      theirReadSeq = conversation
        ? side === 'customer'
          ? conversation.staffReadSeq
          : conversation.customerReadSeq
        : 0;
      myReadSeq = conversation ? (side === 'customer' ? conversation.customerReadSeq : conversation.staffReadSeq) : 0;
      knownLastSeq = conversation?.lastSeq ?? 0;
      publish();
    },

    /** What the server says of the conversation now (a `conversation` frame): read marks only ever rise. */
    updateConversation(conversation: SupportConversation) {
      if (conversation.id !== conversationId) return;
      const their = side === 'customer' ? conversation.staffReadSeq : conversation.customerReadSeq;
      const mine = side === 'customer' ? conversation.customerReadSeq : conversation.staffReadSeq;
      const next = {
        their: Math.max(theirReadSeq, their),
        mine: Math.max(myReadSeq, mine),
        last: Math.max(knownLastSeq, conversation.lastSeq),
      };
      if (next.their === theirReadSeq && next.mine === myReadSeq && next.last === knownLastSeq) return;
      theirReadSeq = next.their;
      myReadSeq = next.mine;
      knownLastSeq = next.last;
      publish();
    },

    /** The newest page (`GET messages` without after/before). */
    loadNewest(list: readonly SupportMessage[], more: boolean) {
      merge(list);
      // older pages are only worth asking for when this page did not reach the first message
      if (!loaded) hasOlder = more;
      loaded = true;
      publish();
    },

    /** An older page (`before=` the first held seq). */
    loadOlder(list: readonly SupportMessage[], more: boolean) {
      merge(list);
      hasOlder = more;
      publish();
    },

    /** Messages heard live or fetched to catch up, in any order, maybe again. */
    receive(list: readonly SupportMessage[]) {
      if (merge(list)) publish();
    },

    /** The first seq held (for `before=`), or null. */
    firstSeq(): number | null {
      return sorted[0]?.seq ?? null;
    },

    /** The last seq held with nothing missing before it: a catch-up asks for what follows. */
    contiguousSeq,

    /**
     * When a message arrived past a hole (seq > last contiguous + 1), the seq to ask `after=` for;
     * null when nothing is missing (or the first page has not come yet: it will bring the newest).
     */
    missingAfter(): number | null {
      if (!loaded) return null;
      const last = sorted.at(-1)?.seq ?? 0;
      const contiguous = contiguousSeq();
      if (last > contiguous) return contiguous;
      // the conversation is known to go further than what arrived (its lastSeq, a read mark)
      if (knownLastSeq > last) return last;
      return null;
    },

    /* ---- my messages on their way ---- */

    addPending(message: NewPending) {
      if (pending.some((p) => p.clientId === message.clientId)) return;
      if (sorted.some((m) => m.side === side && m.clientId === message.clientId)) return;
      pending = [
        ...pending,
        {
          clientId: message.clientId,
          kind: message.kind,
          text: message.text,
          attachment: message.attachment ?? null,
          previewUrl: message.previewUrl,
          state: 'sending',
          createdAt: now().toISOString(),
        },
      ];
      publish();
    },

    pendingOf(clientId: string): PendingMessage | undefined {
      return pending.find((p) => p.clientId === clientId);
    },

    /** Sending again keeps the clientId, so the server recognises a message it already stored. */
    markSending(clientId: string) {
      if (!pending.some((p) => p.clientId === clientId)) return;
      pending = pending.map((p) =>
        p.clientId === clientId ? { ...p, state: 'sending', error: undefined, progress: undefined } : p,
      );
      publish();
    },

    markFailed(clientId: string, error?: string) {
      if (!pending.some((p) => p.clientId === clientId)) return;
      pending = pending.map((p) =>
        p.clientId === clientId ? { ...p, state: 'failed', error, progress: undefined } : p,
      );
      publish();
    },

    setProgress(clientId: string, progress: number) {
      const found = pending.find((p) => p.clientId === clientId);
      if (found?.state !== 'sending') return;
      pending = pending.map((p) => (p.clientId === clientId ? { ...p, progress } : p));
      publish();
    },

    /** Gives a message up (the person removed a failed one). */
    dropPending(clientId: string) {
      const before = pending.length;
      pending = pending.filter((p) => p.clientId !== clientId);
      if (pending.length !== before) publish();
    },

    /** The server stored a message of mine: the stored copy replaces the pending one. */
    ack(clientId: string, message: SupportMessage) {
      const before = pending.length;
      pending = pending.filter((p) => p.clientId !== clientId);
      const merged = merge([message]);
      if (merged || pending.length !== before) publish();
    },

    /* ---- the other side ---- */

    /** A `read` frame: a side has read up to seq. */
    read(readSide: ChatSide, seq: number) {
      if (readSide === side) {
        if (seq <= myReadSeq) return;
        myReadSeq = seq;
      } else {
        if (seq <= theirReadSeq) return;
        theirReadSeq = seq;
      }
      publish();
    },

    /** A `typing` frame from the other side: shown for SUPPORT_LIMITS.typingShownMs. */
    typing() {
      if (typingTimer !== undefined) clearTimer(typingTimer);
      theirTyping = true;
      typingTimer = setTimer(() => {
        typingTimer = undefined;
        theirTyping = false;
        publish();
      }, SUPPORT_LIMITS.typingShownMs);
      publish();
    },

    /** Ends timers; the store is not used again. */
    dispose() {
      stopTyping();
      listeners.clear();
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;

/** Whether one of my messages has been read by the other side. */
export function isReadByThem(message: SupportMessage, snapshot: ConversationSnapshot, side: ChatSide): boolean {
  return message.side === side && message.seq <= snapshot.theirReadSeq;
}
