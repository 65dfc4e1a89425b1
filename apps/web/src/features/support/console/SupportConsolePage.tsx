import { HistoryOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Page } from '@kerf/contract';
import {
  t as contractText,
  SUPPORT_PERMISSIONS,
  type SupportConversation,
  type SupportSearchHit,
} from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Result, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../app/access/use-can';
import { useNarrowViewport } from '../../../app/layout/use-narrow-viewport';
import { useSession } from '../../../stores/session-store';
import { useSettings } from '../../../stores/settings-store';
import { useConversationSnapshot } from '../shared/hooks/use-conversation';
import { ConversationColumn } from './components/ConversationColumn';
import { CustomerColumn } from './components/CustomerColumn';
import { QueueColumn } from './components/QueueColumn';
import { HistorySearchDrawer } from './dialogs/HistorySearchDrawer';
import { QuickRepliesDrawer } from './dialogs/QuickRepliesDrawer';
import { QUEUE_KEY, useConsoleLive } from './hooks/use-console-live';
import { conversationFromHit, findInPages, isQueueTab, type QueueTab } from './model/queue-tabs';
import '../shared/components/support-chat.css';
import './console.css';

/**
 * /sysm/support: the staff console. The queue (live), the open conversation, and the customer beside
 * it; quick replies and the history search in drawers. The open conversation is in the address
 * (`?c=`), so a reload or a shared link opens it again.
 */
export function SupportConsolePage() {
  const can = useCan();
  const locale = useSettings((s) => s.locale);
  if (!can.permission(SUPPORT_PERMISSIONS.chat)) {
    return <Result status="403" title="403" subTitle={contractText('status403', locale)} />;
  }
  return <SupportConsole />;
}

function SupportConsole() {
  const { t } = useTranslation();
  const narrow = useNarrowViewport();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.user?.userId ?? '');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: QueueTab = isQueueTab(tabParam) ? tabParam : 'waiting';
  const selectedId = params.get('c');
  const [current, setCurrent] = useState<SupportConversation | null>(null);
  const [quickOpen, setQuickOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [customerOpen, setCustomerOpen] = useState(false);

  const onLive = useCallback((conversation: SupportConversation) => {
    setCurrent((shown) => (shown?.id === conversation.id ? conversation : shown));
  }, []);
  const live = useConsoleLive(onLive);
  const snapshot = useConversationSnapshot(live.store);
  const shown = current && current.id === selectedId ? current : null;

  // the store follows the shown conversation
  const { store, connection } = live;
  const shownId = shown?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new id (not a new summary of it) starts over
  useEffect(() => {
    const held = store.getSnapshot().conversationId;
    if (!shown) {
      if (held) store.reset(null);
      return;
    }
    if (held === shown.id) return;
    store.reset(shown);
    connection?.refresh(store);
  }, [shownId, connection, store]);

  const open = useCallback(
    (conversation: SupportConversation) => {
      setCurrent(conversation);
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('c', conversation.id);
        return next;
      });
    },
    [setParams],
  );

  // opened by its address (a reload): taken from the queue once it has come
  const onQueueList = useCallback(
    (list: readonly SupportConversation[]) => {
      if (!selectedId || current?.id === selectedId) return;
      const found = list.find((c) => c.id === selectedId);
      if (found) setCurrent(found);
    },
    [selectedId, current?.id],
  );

  const changed = (conversation: SupportConversation, action: 'take' | 'transfer' | 'close') => {
    setCurrent(conversation);
    // a conversation just taken is in "mine" now: the queue shows it there, still selected
    if (action === 'take') showTab('mine');
    store.updateConversation(conversation);
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
  };

  const openHit = (hit: SupportSearchHit) => {
    setHistoryOpen(false);
    const pages = queryClient
      .getQueriesData<Page<SupportConversation>>({ queryKey: QUEUE_KEY })
      .map(([, page]) => page);
    open(findInPages(pages, hit.message.conversationId) ?? conversationFromHit(hit));
  };

  function showTab(next: QueueTab) {
    setParams((previous) => {
      const params = new URLSearchParams(previous);
      params.set('tab', next);
      return params;
    });
  }

  const back = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('c');
      return next;
    });

  const showQueue = !narrow || !shown;
  const showConversation = !narrow || shown;

  return (
    <div className="support-console">
      <div className="support-console__bar">
        <Space>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {t('supportChat.console.history.open')}
          </Button>
          <Button icon={<ThunderboltOutlined />} onClick={() => setQuickOpen(true)}>
            {t('supportChat.console.quick.title')}
          </Button>
        </Space>
      </div>
      <div className={`support-console__grid${shown ? ' support-console__grid--open' : ''}`}>
        {showQueue ? (
          <QueueColumn
            tab={tab}
            onTab={showTab}
            selectedId={shown?.id ?? null}
            selectedUnread={snapshot.unread}
            onSelect={open}
            onList={onQueueList}
          />
        ) : null}
        {showConversation ? (
          shown ? (
            <ConversationColumn
              key={shown.id}
              conversation={shown}
              store={store}
              connection={connection}
              live={live.status}
              me={me}
              onChanged={changed}
              onManageQuickReplies={() => setQuickOpen(true)}
              onBack={narrow ? back : undefined}
              onShowCustomer={narrow ? () => setCustomerOpen(true) : undefined}
            />
          ) : (
            <section className="support-conversation support-conversation--empty">
              <Empty description={t('supportChat.console.pick')} />
            </section>
          )
        ) : null}
        {!narrow && shown ? <CustomerColumn key={shown.id} conversation={shown} /> : null}
      </div>
      {narrow && shown ? (
        <Drawer
          open={customerOpen}
          onClose={() => setCustomerOpen(false)}
          title={t('supportChat.console.customer.title')}
          size="100%"
        >
          <CustomerColumn conversation={shown} />
        </Drawer>
      ) : null}
      <QuickRepliesDrawer open={quickOpen} onClose={() => setQuickOpen(false)} />
      <HistorySearchDrawer open={historyOpen} onClose={() => setHistoryOpen(false)} onOpenHit={openHit} />
    </div>
  );
}
