import type { SupportConversation, SupportMessage } from '@kerf/contract';

/** Test data for the support chat's unit tests. */

export const CONVERSATION_ID = '11111111-2222-3333-4444-555555555555';

export function conversationOf(patch: Partial<SupportConversation> = {}): SupportConversation {
  return {
    id: CONVERSATION_ID,
    status: 'open',
    userId: 'u1',
    customerName: 'Ada',
    contact: '',
    assigneeId: null,
    assigneeName: '',
    lastSeq: 0,
    lastText: '',
    lastMessageAt: null,
    customerReadSeq: 0,
    staffReadSeq: 0,
    unread: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

export function messageOf(seq: number, patch: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id: `m${seq}`,
    conversationId: CONVERSATION_ID,
    seq,
    side: 'staff',
    senderName: 'Bo',
    clientId: `c${seq}`,
    kind: 'text',
    text: `message ${seq}`,
    attachment: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
    ...patch,
  };
}

/** Messages from..to (inclusive) of one side. */
export function messagesOf(from: number, to: number, patch: Partial<SupportMessage> = {}): SupportMessage[] {
  const list: SupportMessage[] = [];
  for (let seq = from; seq <= to; seq++) list.push(messageOf(seq, patch));
  return list;
}
