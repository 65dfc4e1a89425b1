import { type SupportConversation, type SupportMessage, supportMessages } from '@kerf/contract';

const CLOSED_TEXTS = new Set<string>(Object.values(supportMessages.closedNotice));

/**
 * Whether the customer's conversation has ended: the server said so when it was opened, or the last
 * word in it is the staff's closing notice. Writing again opens it again (the server does that).
 */
export function conversationEnded(
  conversation: Pick<SupportConversation, 'status'> | null,
  messages: readonly Pick<SupportMessage, 'side' | 'text' | 'seq'>[],
): boolean {
  const last = messages.at(-1);
  if (last) return last.side === 'system' && CLOSED_TEXTS.has(last.text);
  return conversation?.status === 'closed';
}
