import { CustomerServiceOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Modal, Result, Spin } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentUrl } from '../../../../api/support-api';
import { useNarrowViewport } from '../../../../app/layout/use-narrow-viewport';
import { Composer } from '../../shared/components/Composer';
import { LiveNotice } from '../../shared/components/LiveNotice';
import { MessageList } from '../../shared/components/MessageList';
import { useAttachmentSender, useConversationSnapshot } from '../../shared/hooks/use-conversation';
import { useFileDrop } from '../../shared/hooks/use-file-drop';
import { usePageVisible } from '../../shared/hooks/use-page-visible';
import { customerChat } from '../customer-chat-instance';
import { useCustomerChatState } from '../hooks/use-customer-chat';
import { conversationEnded } from '../model/conversation-ended';
import { VisitorForm } from './VisitorForm';
import '../../shared/components/support-chat.css';
import './chat-panel.css';

/** The conversation itself: the list (files may be dropped on it) and the composer. */
function ChatConversation() {
  const { t } = useTranslation();
  const state = useCustomerChatState();
  const snapshot = useConversationSnapshot(customerChat.store);
  const visible = usePageVisible();
  // a phone's keyboard would cover half the panel before the person has read anything
  const narrow = useNarrowViewport();
  const sendFiles = useAttachmentSender(
    useCallback(
      (file: Blob, name: string, kind: 'image' | 'file', preview?: string) =>
        void customerChat.sendFile(file, name, kind, preview),
      [],
    ),
  );
  const drop = useFileDrop(sendFiles);
  const caller = customerChat.caller();
  const visitor = caller.visitor;

  // the panel is open and on screen: what it shows is read
  const held = snapshot.messages.at(-1)?.seq ?? 0;
  const { myReadSeq } = snapshot;
  useEffect(() => {
    if (state.open && visible && held > myReadSeq) customerChat.markRead();
  }, [state.open, visible, held, myReadSeq]);

  const ended = conversationEnded(state.conversation, snapshot.messages);
  return (
    <div className="support-panel__chat" {...drop.handlers}>
      <LiveNotice status={state.live} />
      <MessageList
        snapshot={snapshot}
        side="customer"
        attachmentUrl={(id) => attachmentUrl(id, { visitor })}
        onLoadOlder={() => customerChat.loadOlder()}
        onRetry={(clientId) => customerChat.retry(clientId)}
        onDiscard={(clientId) => customerChat.discard(clientId)}
        empty={t('supportChat.panel.greeting')}
        typingText={t('supportChat.list.typingStaff')}
      />
      {state.error && state.phase === 'ready' ? <div className="support-panel__error">{state.error}</div> : null}
      <Composer
        onSendText={(text) => customerChat.sendText(text)}
        onSendFiles={sendFiles}
        onTyping={() => customerChat.typing()}
        busy={state.opening}
        hint={ended ? t('supportChat.composer.closedHint') : undefined}
        autoFocus={!narrow}
      />
      {drop.dragging ? <div className="support-drop">{t('supportChat.composer.drop')}</div> : null}
    </div>
  );
}

function PanelBody() {
  const { t } = useTranslation();
  const state = useCustomerChatState();
  switch (state.phase) {
    case 'visitor-form':
      return <VisitorForm notice={state.error} />;
    case 'failed':
      return (
        <Result
          status="warning"
          title={t('supportChat.panel.checkFailed')}
          subTitle={state.error}
          extra={
            <Button type="primary" onClick={() => customerChat.retryCheck()}>
              {t('supportChat.panel.tryAgain')}
            </Button>
          }
        />
      );
    case 'ready':
      return <ChatConversation />;
    default:
      return (
        <div className="support-panel__checking">
          <Spin />
          <span>{t('supportChat.panel.checking')}</span>
        </div>
      );
  }
}

/**
 * The customer's chat panel, opened from the floating help menu: beside the page on a wide screen (the
 * page stays usable), the whole screen on a narrow one.
 */
export function ChatPanel() {
  const { t } = useTranslation();
  const state = useCustomerChatState();
  const narrow = useNarrowViewport();
  const [modal, modalHolder] = Modal.useModal();
  const visitorChatting = !state.signedIn && state.phase === 'ready';
  return (
    <Drawer
      open={state.open}
      onClose={() => customerChat.closePanel()}
      placement="right"
      size={narrow ? '100%' : 420}
      mask={narrow}
      className="support-panel"
      rootClassName="support-panel-root"
      aria-label={t('supportChat.panel.title')}
      title={
        <div className="support-panel__title">
          <CustomerServiceOutlined className="support-panel__icon" />
          <div>
            <div>{t('supportChat.panel.title')}</div>
            <div className="support-panel__subtitle">{t('supportChat.panel.subtitle')}</div>
          </div>
        </div>
      }
      closable={{ 'aria-label': t('supportChat.panel.close') }}
      extra={
        visitorChatting ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [{ key: 'restart', label: t('supportChat.panel.newVisitor') }],
              onClick: () =>
                void modal.confirm({
                  title: t('supportChat.panel.newVisitor'),
                  content: t('supportChat.panel.newVisitorConfirm'),
                  onOk: () => customerChat.restartVisitor(),
                }),
            }}
          >
            <Button type="text" icon={<EllipsisOutlined />} aria-label={t('supportChat.panel.newVisitor')} />
          </Dropdown>
        ) : null
      }
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
    >
      {modalHolder}
      <PanelBody />
    </Drawer>
  );
}
