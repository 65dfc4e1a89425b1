import { ArrowLeftOutlined, IdcardOutlined, SwapOutlined } from '@ant-design/icons';
import type { SupportConversation } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../../../../api/live-socket';
import { messageOf } from '../../../../api/request';
import { assignConversation, attachmentUrl, closeConversation, fetchAgents } from '../../../../api/support-api';
import { Composer, type ComposerHandle } from '../../shared/components/Composer';
import { LiveNotice } from '../../shared/components/LiveNotice';
import { MessageList } from '../../shared/components/MessageList';
import { useAttachmentSender, useConversationSnapshot } from '../../shared/hooks/use-conversation';
import { useFileDrop } from '../../shared/hooks/use-file-drop';
import { usePageVisible } from '../../shared/hooks/use-page-visible';
import type { ConversationStore } from '../../shared/model/conversation-store';
import type { SupportConnection } from '../../shared/model/support-connection';
import { conversationActions } from '../model/queue-tabs';
import { QuickReplyPicker } from './QuickReplyPicker';

const STATUS_COLOR = { waiting: 'orange', open: 'green', closed: 'default' } as const;

interface ConversationColumnProps {
  conversation: SupportConversation;
  store: ConversationStore;
  connection: SupportConnection | null;
  live: LiveStatus;
  me: string;
  /** The server answered an action with how the conversation stands now. */
  onChanged(conversation: SupportConversation, action: 'take' | 'transfer' | 'close'): void;
  onManageQuickReplies(): void;
  /** Narrow screens: back to the queue, and the customer in a drawer. */
  onBack?(): void;
  onShowCustomer?(): void;
}

/** One conversation in the console: who and how it stands, take / transfer / close, messages, composer. */
export function ConversationColumn({
  conversation,
  store,
  connection,
  live,
  me,
  onChanged,
  onManageQuickReplies,
  onBack,
  onShowCustomer,
}: ConversationColumnProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const snapshot = useConversationSnapshot(store);
  const visible = usePageVisible();
  const composer = useRef<ComposerHandle>(null);
  const [busy, setBusy] = useState<'take' | 'transfer' | 'close' | null>(null);
  const agents = useQuery({ queryKey: ['support', 'agents'], queryFn: fetchAgents, staleTime: 30_000 });
  const actions = conversationActions(conversation, me);
  const name = conversation.customerName || t('supportChat.console.visitor');

  const sendFiles = useAttachmentSender(
    useCallback(
      (file: Blob, fileName: string, kind: 'image' | 'file', preview?: string) =>
        connection?.sendFile(store, file, fileName, kind, preview),
      [connection, store],
    ),
  );
  const drop = useFileDrop(sendFiles, connection !== null);

  // an agent looking at the conversation has read it
  const held = snapshot.messages.at(-1)?.seq ?? 0;
  const { myReadSeq } = snapshot;
  useEffect(() => {
    if (visible && held > myReadSeq) connection?.markRead(store);
  }, [visible, held, myReadSeq, connection, store]);

  const act = async (kind: 'take' | 'transfer' | 'close', run: () => Promise<SupportConversation>, done: string) => {
    setBusy(kind);
    try {
      onChanged(await run(), kind);
      void message.success(done);
    } catch (error) {
      void message.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const others = (agents.data ?? []).filter((agent) => agent.id !== conversation.assigneeId);

  return (
    <section className="support-conversation" aria-label={name} {...drop.handlers}>
      <header className="support-conversation__head">
        {onBack ? (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
            aria-label={t('supportChat.console.back')}
          />
        ) : null}
        <div className="support-conversation__who">
          <div className="support-conversation__name">
            <span title={name}>{name}</span>
            {conversation.userId ? null : <Tag>{t('supportChat.console.visitor')}</Tag>}
            <Tag color={STATUS_COLOR[conversation.status]}>
              {t(`supportChat.console.status.${conversation.status}`)}
            </Tag>
          </div>
          <div className="support-conversation__assignee">
            {conversation.assigneeName
              ? t('supportChat.console.assignee', { name: conversation.assigneeName })
              : t('supportChat.console.unassigned')}
          </div>
        </div>
        <Space size={4} wrap className="support-conversation__actions">
          {actions.take ? (
            <Button
              type="primary"
              loading={busy === 'take'}
              onClick={() =>
                void act('take', () => assignConversation(conversation.id), t('supportChat.console.taken'))
              }
            >
              {t('supportChat.console.take')}
            </Button>
          ) : null}
          {actions.transfer ? (
            <Dropdown
              trigger={['click']}
              disabled={others.length === 0}
              menu={{
                items: others.map((agent) => ({
                  key: agent.id,
                  label: (
                    <span className="support-agent">
                      <span>
                        {agent.name}
                        {agent.id === me ? ` ${t('supportChat.console.me')}` : ''}
                      </span>
                      <span className="support-agent__open">
                        {t('supportChat.console.agentOpen', { count: agent.open })}
                      </span>
                    </span>
                  ),
                })),
                onClick: ({ key }) => {
                  const agent = others.find((a) => a.id === key);
                  if (!agent) return;
                  void act(
                    'transfer',
                    () => assignConversation(conversation.id, agent.id),
                    t('supportChat.console.transferred', { name: agent.name }),
                  );
                },
              }}
            >
              <Button icon={<SwapOutlined />} loading={busy === 'transfer'}>
                {t('supportChat.console.transfer')}
              </Button>
            </Dropdown>
          ) : null}
          {actions.close ? (
            <Popconfirm
              title={t('supportChat.console.closeConfirm')}
              onConfirm={() =>
                act('close', () => closeConversation(conversation.id), t('supportChat.console.closedDone'))
              }
            >
              <Button danger loading={busy === 'close'}>
                {t('supportChat.console.close')}
              </Button>
            </Popconfirm>
          ) : null}
          {onShowCustomer ? (
            <Tooltip title={t('supportChat.console.customer.show')}>
              <Button
                icon={<IdcardOutlined />}
                onClick={onShowCustomer}
                aria-label={t('supportChat.console.customer.show')}
              />
            </Tooltip>
          ) : null}
        </Space>
      </header>
      <LiveNotice status={live} />
      <MessageList
        snapshot={snapshot}
        side="staff"
        otherName={name}
        showOwnSender
        attachmentUrl={(id) => attachmentUrl(id)}
        onLoadOlder={() => connection?.loadOlder(store) ?? Promise.resolve()}
        onRetry={(clientId) => connection?.retry(store, clientId)}
        onDiscard={(clientId) => connection?.discard(store, clientId)}
        typingText={t('supportChat.list.typingCustomer')}
      />
      <Composer
        ref={composer}
        disabled={!connection}
        onSendText={(text) => {
          if (!connection) return false;
          connection.sendText(store, text);
          return true;
        }}
        onSendFiles={sendFiles}
        onTyping={() => connection?.typing(store)}
        hint={conversation.status === 'closed' ? t('supportChat.console.closedDone') : undefined}
        extra={
          <QuickReplyPicker onPick={(reply) => composer.current?.insert(reply.body)} onManage={onManageQuickReplies} />
        }
      />
      {drop.dragging ? <div className="support-drop">{t('supportChat.composer.drop')}</div> : null}
    </section>
  );
}
