import { lazy, Suspense, useEffect, useState } from 'react';
import { customerChat, startCustomerChat } from './customer-chat-instance';
import { useCustomerChatState } from './hooks/use-customer-chat';

const ChatPanel = lazy(async () => ({ default: (await import('./components/ChatPanel')).ChatPanel }));

/**
 * Mounted once beside the floating help menu: starts the customer chat for whoever is here (so the
 * badge counts unread answers), connects again as soon as the network is back, and loads the panel
 * the first time it opens.
 */
export function CustomerChatHost() {
  const { open } = useCustomerChatState();
  const [wanted, setWanted] = useState(open);

  useEffect(() => {
    startCustomerChat();
    const online = () => customerChat.reconnect();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  );
}
