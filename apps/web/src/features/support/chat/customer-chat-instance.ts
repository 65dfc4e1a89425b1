import { messageOf, RequestError } from '../../../api/request';
import { fetchMyConversation, openMyConversation, startVisitorConversation } from '../../../api/support-api';
import { safeStorage } from '../../../stores/create-store';
import { sessionStore } from '../../../stores/session-store';
import { openSupportSocket } from '../shared/model/support-socket';
import { supportTransport } from '../shared/model/support-transport';
import { createCustomerChat } from './model/customer-chat';

/**
 * The page's one customer chat: the floating help button counts its unread messages and opens its
 * panel. It follows the session: signing in or out starts it over as the new caller.
 */
export const customerChat = createCustomerChat({
  isSignedIn: () => sessionStore.isSignedIn(),
  fetchMine: (caller) => fetchMyConversation(caller),
  openMine: openMyConversation,
  startVisitor: startVisitorConversation,
  transport: supportTransport,
  openSocket: openSupportSocket,
  storage: safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
  isVisitorGone: (error) => error instanceof RequestError && (error.code === 401 || error.status === 401),
  describeError: (error) => messageOf(error) || undefined,
});

let following = false;

/** Starts the chat for whoever is here, and again whenever the session changes. */
export function startCustomerChat(): void {
  customerChat.start();
  if (following) return;
  following = true;
  sessionStore.subscribe(() => customerChat.start());
}

/** The floating help menu's chat item. */
export function openCustomerChat(): void {
  customerChat.openPanel();
}
