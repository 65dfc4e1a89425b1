import type { SupportConversation } from '@kerf/contract';
import type { LiveStatus } from '../../../../api/live-socket';
import type { KeyValueStorage } from '../../../../stores/create-store';
import { type ConversationStore, createConversationStore } from '../../shared/model/conversation-store';
import type {
  SocketHandlers,
  SupportConnection,
  SupportSocket,
  SupportTransport,
} from '../../shared/model/support-connection';
import { createSupportConnection } from '../../shared/model/support-connection';

/** Where the visitor's conversation token is kept between visits. */
export const VISITOR_TOKEN_KEY = 'kerf.support.visitor';

/**
 * - `idle`: nothing asked yet (the panel never opened, no conversation known);
 * - `checking`: asking the server for my conversation;
 * - `visitor-form`: a visitor must leave a name and a contact first;
 * - `ready`: the chat shows (a signed-in person may have no conversation until they first write);
 * - `failed`: the check failed (the panel offers to try again).
 */
export type ChatPhase = 'idle' | 'checking' | 'visitor-form' | 'ready' | 'failed';

export interface CustomerChatState {
  open: boolean;
  phase: ChatPhase;
  /** Signed in (the session speaks for me) or not (a visitor token does, once there is one). */
  signedIn: boolean;
  visitorToken: string | null;
  conversation: SupportConversation | null;
  live: LiveStatus | 'none';
  /** Opening the conversation for a first message. */
  opening: boolean;
  error?: string;
}

/** Who calls: `visitor` set for a visitor's calls. */
export interface Caller {
  visitor?: string | null;
}

export interface CustomerChatDeps {
  isSignedIn(): boolean;
  fetchMine(caller: Caller): Promise<SupportConversation | null>;
  openMine(): Promise<SupportConversation>;
  startVisitor(input: {
    name: string;
    contact: string;
    captchaUuid: string;
    captchaCode: string;
  }): Promise<{ token: string; conversation: SupportConversation }>;
  /** The REST calls of one caller's conversation. */
  transport(caller: Caller): SupportTransport;
  openSocket(caller: Caller, handlers: SocketHandlers): SupportSocket;
  storage: KeyValueStorage;
  /** Whether a failure says the visitor's token reaches nothing any more (HTTP 401). */
  isVisitorGone(error: unknown): boolean;
  describeError(error: unknown): string | undefined;
}

/**
 * The customer's side of the chat, outside React: who is asking (the session or a visitor token kept
 * in storage), their conversation, the message store and the live connection. The floating button's
 * badge reads the store's unread count; the panel reads everything.
 */
export function createCustomerChat(deps: CustomerChatDeps) {
  const store: ConversationStore = createConversationStore({ side: 'customer' });
  const listeners = new Set<() => void>();
  let connection: SupportConnection | null = null;
  let unfollow: (() => void) | null = null;
  /** Bumped whenever the identity changes, so an answer for the old one cannot land. */
  let generation = 0;
  let state: CustomerChatState = {
    open: false,
    phase: 'idle',
    signedIn: deps.isSignedIn(),
    visitorToken: deps.storage.getItem(VISITOR_TOKEN_KEY),
    conversation: null,
    live: 'none',
    opening: false,
  };

  function set(patch: Partial<CustomerChatState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  }

  const caller = (): Caller => (state.signedIn ? {} : { visitor: state.visitorToken });

  function disconnect() {
    unfollow?.();
    unfollow = null;
    connection?.close();
    connection = null;
  }

  /** Follows the conversation live (one socket for as long as there is a conversation). */
  function attach(conversation: SupportConversation) {
    const same = conversation.id === store.getSnapshot().conversationId && connection !== null;
    store.reset(conversation);
    set({ conversation, phase: 'ready' });
    if (same) return;
    disconnect();
    const who = caller();
    const mine = generation;
    // the socket reports its first status while the connection is still being made
    connection = createSupportConnection({
      side: 'customer',
      api: deps.transport(who),
      openSocket: (handlers) => deps.openSocket(who, handlers),
      describeError: deps.describeError,
      onStatus: (live) => {
        if (mine === generation && state.conversation?.id === conversation.id) set({ live });
      },
    });
    unfollow = connection.follow(store);
  }

  async function check(): Promise<void> {
    const mine = generation;
    if (!state.signedIn && !state.visitorToken) {
      set({ phase: 'visitor-form', conversation: null });
      return;
    }
    set({ phase: 'checking', error: undefined });
    try {
      const conversation = await deps.fetchMine(caller());
      if (mine !== generation) return;
      if (conversation) attach(conversation);
      else {
        // signed in without an open conversation: it is opened by the first message
        disconnect();
        store.reset(null);
        set({ phase: 'ready', conversation: null, live: 'none' });
      }
    } catch (error) {
      if (mine !== generation) return;
      if (!state.signedIn && deps.isVisitorGone(error)) {
        forgetVisitor();
        set({ phase: 'visitor-form', error: deps.describeError(error) });
        return;
      }
      set({ phase: 'failed', error: deps.describeError(error) });
    }
  }

  function forgetVisitor() {
    deps.storage.removeItem(VISITOR_TOKEN_KEY);
    disconnect();
    store.reset(null);
    set({ visitorToken: null, conversation: null, live: 'none' });
  }

  /** The conversation to write in, opened now for a signed-in person who has none. */
  async function ensureConversation(): Promise<boolean> {
    if (state.conversation) return true;
    if (!state.signedIn) return false;
    const mine = generation;
    set({ opening: true, error: undefined });
    try {
      const conversation = await deps.openMine();
      if (mine !== generation) return false;
      attach(conversation);
      return true;
    } catch (error) {
      if (mine === generation) set({ error: deps.describeError(error) });
      return false;
    } finally {
      if (mine === generation) set({ opening: false });
    }
  }

  return {
    store,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /**
     * On page load and whenever the session changes: a person with a conversation (signed in, or a
     * visitor with a kept token) hears it live from then on, so the help button can count unread.
     */
    start() {
      const signedIn = deps.isSignedIn();
      const visitorToken = deps.storage.getItem(VISITOR_TOKEN_KEY);
      if (signedIn === state.signedIn && visitorToken === state.visitorToken && state.phase !== 'idle') return;
      generation += 1;
      disconnect();
      store.reset(null);
      set({ signedIn, visitorToken, conversation: null, live: 'none', phase: 'idle', error: undefined });
      // an open panel follows at once (signed out: the visitor form)
      if (signedIn || visitorToken || state.open) void check();
    },

    openPanel() {
      set({ open: true });
      if (state.phase === 'idle' || state.phase === 'failed') void check();
    },

    closePanel() {
      set({ open: false });
    },

    retryCheck() {
      void check();
    },

    /** A visitor leaves a name, a contact and the picture captcha; their token is kept for next time. */
    async startVisitor(input: { name: string; contact: string; captchaUuid: string; captchaCode: string }) {
      const mine = generation;
      const { token, conversation } = await deps.startVisitor(input);
      if (mine !== generation) return;
      deps.storage.setItem(VISITOR_TOKEN_KEY, token);
      set({ visitorToken: token, error: undefined });
      attach(conversation);
    },

    /** Starts over as a new visitor (the old token forgotten). */
    restartVisitor() {
      generation += 1;
      forgetVisitor();
      set({ phase: 'visitor-form', error: undefined });
    },

    async sendText(text: string): Promise<boolean> {
      if (!(await ensureConversation()) || !connection) return false;
      connection.sendText(store, text);
      return true;
    },

    async sendFile(file: Blob, name: string, kind: 'image' | 'file', previewUrl?: string): Promise<boolean> {
      if (!(await ensureConversation()) || !connection) return false;
      connection.sendFile(store, file, name, kind, previewUrl);
      return true;
    },

    retry(clientId: string) {
      connection?.retry(store, clientId);
    },

    discard(clientId: string) {
      connection?.discard(store, clientId);
    },

    markRead() {
      connection?.markRead(store);
    },

    typing() {
      connection?.typing(store);
    },

    loadOlder(): Promise<void> {
      return connection?.loadOlder(store) ?? Promise.resolve();
    },

    /** The network is back: connect again now rather than after the pause. */
    reconnect() {
      connection?.reconnect();
    },

    /** The caller for attachment addresses (a visitor's token). */
    caller,

    dispose() {
      generation += 1;
      disconnect();
      store.dispose();
      listeners.clear();
    },
  };
}

export type CustomerChat = ReturnType<typeof createCustomerChat>;
