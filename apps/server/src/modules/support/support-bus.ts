import type { SupportConversation, SupportMessage } from '@kerf/contract';
import type { LiveBus } from '../../infra/live/live-bus.js';

/** What every instance hears about the chat, whichever instance stored it. */
export const SUPPORT_CHANNEL = 'support';

/** `userId`: the conversation's person (null for a visitor), so each instance finds their sockets. */
export type SupportEvent =
  | { type: 'message'; userId: string | null; message: SupportMessage; conversation: SupportConversation }
  | { type: 'read'; userId: string | null; conversationId: string; side: 'customer' | 'staff'; seq: number }
  | { type: 'typing'; userId: string | null; conversationId: string; side: 'customer' | 'staff' }
  | { type: 'conversation'; userId: string | null; conversation: SupportConversation };

const TYPES = new Set<SupportEvent['type']>(['message', 'read', 'typing', 'conversation']);

/** The chat's events over the live bus (Redis pub/sub with REDIS_URL, in memory otherwise). */
export class SupportBus {
  constructor(private readonly bus: LiveBus) {}

  publish(event: SupportEvent): Promise<void> {
    return this.bus.publish(SUPPORT_CHANNEL, event);
  }

  subscribe(handler: (event: SupportEvent) => void): () => void {
    return this.bus.subscribe(SUPPORT_CHANNEL, (raw) => {
      const event = raw as SupportEvent;
      if (event && TYPES.has(event.type)) handler(event);
    });
  }
}
