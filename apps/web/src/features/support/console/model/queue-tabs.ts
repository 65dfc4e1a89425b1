import type { SupportConversation, SupportSearchHit } from '@kerf/contract';
import type { QueueQuery } from '../../../../api/support-api';

export const QUEUE_TABS = ['waiting', 'mine', 'open', 'closed'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export const QUEUE_PAGE_SIZE = 20;

export function isQueueTab(value: string | null | undefined): value is QueueTab {
  return (QUEUE_TABS as readonly string[]).includes(value ?? '');
}

/**
 * The queue call of a tab: waiting for someone to take them; taken by me and going on; everyone's
 * going on; ended. A customer writing to an ended conversation makes it wait again.
 */
export function queueQueryOf(tab: QueueTab, q: string, page: number, limit = QUEUE_PAGE_SIZE): QueueQuery {
  const search = q.trim() ? { q: q.trim() } : {};
  switch (tab) {
    case 'waiting':
      return { status: 'waiting', ...search, page, limit };
    case 'mine':
      return { status: 'open', assignee: 'me', ...search, page, limit };
    case 'open':
      return { status: 'open', ...search, page, limit };
    case 'closed':
      return { status: 'closed', ...search, page, limit };
  }
}

/**
 * A conversation opened from a search hit, before the server has said more of it: what the hit
 * knows (whose it is), and no read marks yet (a `conversation` frame or an action fills them in).
 */
export function conversationFromHit(hit: SupportSearchHit): SupportConversation {
  return {
    id: hit.message.conversationId,
    status: 'open',
    userId: null,
    customerName: hit.customerName,
    contact: '',
    assigneeId: null,
    assigneeName: '',
    lastSeq: 0,
    lastText: '',
    lastMessageAt: null,
    customerReadSeq: 0,
    staffReadSeq: 0,
    unread: 0,
    createdAt: hit.message.createdAt,
  };
}

/** Finds a conversation in the queue pages already fetched. */
export function findInPages(
  pages: ReadonlyArray<{ list: readonly SupportConversation[] } | undefined>,
  id: string,
): SupportConversation | undefined {
  for (const page of pages) {
    const found = page?.list.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

/** What the console may do with a conversation now, as this agent. */
export function conversationActions(conversation: Pick<SupportConversation, 'status' | 'assigneeId'>, me: string) {
  const closed = conversation.status === 'closed';
  const mine = conversation.assigneeId === me;
  return {
    take: !mine && !closed,
    transfer: !closed,
    close: !closed,
  };
}
