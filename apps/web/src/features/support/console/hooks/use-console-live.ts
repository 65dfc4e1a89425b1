import type { SupportConversation } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveStatus } from '../../../../api/live-socket';
import { messageOf } from '../../../../api/request';
import { type ConversationStore, createConversationStore } from '../../shared/model/conversation-store';
import { createSupportConnection, type SupportConnection } from '../../shared/model/support-connection';
import { openSupportSocket } from '../../shared/model/support-socket';
import { supportTransport } from '../../shared/model/support-transport';

/** The queue is read again at most this often while conversations change live. */
const QUEUE_REFRESH_MS = 400;

export const QUEUE_KEY = ['support', 'queue'] as const;

export interface ConsoleLive {
  store: ConversationStore;
  /** Null until the page's effect has connected (and after it has gone). */
  connection: SupportConnection | null;
  status: LiveStatus;
}

/**
 * The console's one socket: it watches the queue (every `conversation` frame refreshes the queue
 * lists and reaches `onConversation`) and keeps the open conversation's store up to date.
 */
export function useConsoleLive(onConversation: (conversation: SupportConversation) => void): ConsoleLive {
  const queryClient = useQueryClient();
  const [store] = useState(() => createConversationStore({ side: 'staff' }));
  const [connection, setConnection] = useState<SupportConnection | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef(onConversation);
  latest.current = onConversation;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshQueue = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }), QUEUE_REFRESH_MS);
    };
    const made = createSupportConnection({
      side: 'staff',
      api: supportTransport({}),
      openSocket: (handlers) => openSupportSocket({}, handlers),
      watchQueue: true,
      onConversation: (conversation) => {
        latest.current(conversation);
        refreshQueue();
      },
      // missed while the socket was down: the queue is read again
      onOpen: refreshQueue,
      onStatus: setStatus,
      describeError: (error) => messageOf(error) || undefined,
    });
    const unfollow = made.follow(store);
    setConnection(made);
    const online = () => made.reconnect();
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      unfollow();
      made.close();
      setConnection(null);
    };
  }, [queryClient, store]);

  return { store, connection, status };
}
