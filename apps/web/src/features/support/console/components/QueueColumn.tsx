import type { SupportConversation } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Empty, Input, Pagination, Spin, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQueue } from '../../../../api/support-api';
import { bubbleTime } from '../../shared/model/message-time';
import { QUEUE_KEY } from '../hooks/use-console-live';
import { QUEUE_PAGE_SIZE, QUEUE_TABS, type QueueTab, queueQueryOf } from '../model/queue-tabs';

interface QueueColumnProps {
  tab: QueueTab;
  onTab(tab: QueueTab): void;
  selectedId: string | null;
  /** The open conversation's unread count as this console knows it (it reads as the agent looks). */
  selectedUnread: number;
  onSelect(conversation: SupportConversation): void;
  /** Each list the queue shows (the page finds a conversation opened by its address in it). */
  onList?(list: readonly SupportConversation[]): void;
}

function QueueItem({
  conversation,
  selected,
  unread,
  onSelect,
}: {
  conversation: SupportConversation;
  selected: boolean;
  unread: number;
  onSelect(): void;
}) {
  const { t } = useTranslation();
  const name = conversation.customerName || t('supportChat.console.visitor');
  return (
    <button
      type="button"
      className={`support-queue__item${selected ? ' support-queue__item--selected' : ''}`}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-conversation-id={conversation.id}
    >
      <span className="support-queue__top">
        <span className="support-queue__name" title={name}>
          {name}
        </span>
        {conversation.userId ? null : <Tag className="support-queue__tag">{t('supportChat.console.visitor')}</Tag>}
        <span className="support-queue__time">
          {conversation.lastMessageAt ? bubbleTime(conversation.lastMessageAt) : ''}
        </span>
      </span>
      <span className="support-queue__bottom">
        <span className="support-queue__text">{conversation.lastText || t('supportChat.console.noMessages')}</span>
        <Badge count={unread} size="small" />
      </span>
      <span className="support-queue__assignee">
        {conversation.assigneeName
          ? t('supportChat.console.assignee', { name: conversation.assigneeName })
          : t('supportChat.console.unassigned')}
      </span>
    </button>
  );
}

/** The queue: tabs, a search over customers, unread counts, refreshed live by the console's socket. */
export function QueueColumn({ tab, onTab, selectedId, selectedUnread, onSelect, onList }: QueueColumnProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = queueQueryOf(tab, q, page);
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, query],
    queryFn: () => fetchQueue(query),
    placeholderData: keepPreviousData,
  });
  const list = queue.data?.list;
  useEffect(() => {
    if (list) onList?.(list);
  }, [list, onList]);
  return (
    <section className="support-queue" aria-label={t('supportChat.console.title')}>
      <Tabs
        size="small"
        tabBarGutter={14}
        activeKey={tab}
        onChange={(key) => {
          setPage(1);
          onTab(key as QueueTab);
        }}
        items={QUEUE_TABS.map((key) => ({ key, label: t(`supportChat.console.tabs.${key}`) }))}
        className="support-queue__tabs"
      />
      <Input.Search
        allowClear
        placeholder={t('supportChat.console.searchQueue')}
        aria-label={t('supportChat.console.searchQueue')}
        onSearch={(value) => {
          setPage(1);
          setQ(value);
        }}
        className="support-queue__search"
      />
      <div className="support-queue__list">
        {queue.isPending ? (
          <div className="support-queue__state">
            <Spin />
          </div>
        ) : !list || list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supportChat.console.emptyQueue')} />
        ) : (
          list.map((conversation) => (
            <QueueItem
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              unread={conversation.id === selectedId ? selectedUnread : conversation.unread}
              onSelect={() => onSelect(conversation)}
            />
          ))
        )}
      </div>
      {(queue.data?.total ?? 0) > QUEUE_PAGE_SIZE ? (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={QUEUE_PAGE_SIZE}
          total={queue.data?.total ?? 0}
          onChange={setPage}
          className="support-queue__pager"
        />
      ) : null}
    </section>
  );
}
