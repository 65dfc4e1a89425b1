import { useSyncExternalStore } from 'react';
import { customerChat } from '../customer-chat-instance';
import type { CustomerChatState } from '../model/customer-chat';

/** The customer chat's state (panel open, phase, conversation), re-rendering when it changes. */
export function useCustomerChatState(): CustomerChatState {
  return useSyncExternalStore(customerChat.subscribe, customerChat.getState, customerChat.getState);
}

/** The customer's unread count, for the help button's badge. */
export function useCustomerUnread(): number {
  return useSyncExternalStore(
    customerChat.store.subscribe,
    () => customerChat.store.getSnapshot().unread,
    () => 0,
  );
}
