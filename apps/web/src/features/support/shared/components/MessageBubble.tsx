import { ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { SupportMessage } from '@kerf/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFullTime } from '../../../drive/model/format';
import type { ChatSide, PendingMessage } from '../model/conversation-store';
import { bubbleTime } from '../model/message-time';
import { AttachmentView } from './AttachmentView';
import { LinkifiedText } from './LinkifiedText';

interface StoredBubbleProps {
  message: SupportMessage;
  side: ChatSide;
  /** Whether the other side has read it (my messages only). */
  read: boolean;
  /** The name shown over the other side's messages (the customer's, in the console). */
  otherName?: string;
  /** Show which agent wrote my side's messages (the console: several agents share a conversation). */
  showOwnSender?: boolean;
  /** The message before was the same person's: the name is not said again. */
  continued?: boolean;
  attachmentUrl(messageId: string): string;
}

/** A system notice (an assignment, the end) as a quiet line across the list. */
function SystemNotice({ message }: { message: SupportMessage }) {
  return (
    <div className="support-notice" data-seq={message.seq}>
      <span title={formatFullTime(message.createdAt)}>{message.text}</span>
    </div>
  );
}

function Content({
  kind,
  text,
  attachment,
  url,
  previewUrl,
  progress,
}: Pick<SupportMessage, 'kind' | 'text' | 'attachment'> & { url?: string; previewUrl?: string; progress?: number }) {
  if (kind !== 'text' && attachment) {
    return <AttachmentView kind={kind} attachment={attachment} url={url} previewUrl={previewUrl} progress={progress} />;
  }
  return (
    <div className="support-bubble__text">
      <LinkifiedText text={text} />
    </div>
  );
}

/** A stored message: my side's on the right with its read mark, the other side's on the left with a name. */
export function MessageBubble({
  message,
  side,
  read,
  otherName,
  showOwnSender,
  continued,
  attachmentUrl,
}: StoredBubbleProps) {
  const { t } = useTranslation();
  if (message.side === 'system') return <SystemNotice message={message} />;
  const mine = message.side === side;
  const sender = continued
    ? ''
    : mine
      ? showOwnSender
        ? message.senderName || t('supportChat.message.staff')
        : ''
      : message.side === 'staff'
        ? message.senderName || t('supportChat.message.staff')
        : otherName || t('supportChat.message.customer');
  return (
    <div
      className={`support-row ${mine ? 'support-row--mine' : 'support-row--theirs'}`}
      data-seq={message.seq}
      data-side={message.side}
    >
      {sender ? <div className="support-row__sender">{sender}</div> : null}
      <div className={`support-bubble support-bubble--${message.kind}`}>
        <Content
          kind={message.kind}
          text={message.text}
          attachment={message.attachment}
          url={message.attachment ? attachmentUrl(message.id) : undefined}
        />
      </div>
      <div className="support-row__meta">
        <Tooltip title={formatFullTime(message.createdAt)}>
          <time dateTime={message.createdAt}>{bubbleTime(message.createdAt)}</time>
        </Tooltip>
        {mine ? (
          <span className={read ? 'support-read support-read--yes' : 'support-read'}>
            {read ? t('supportChat.message.read') : t('supportChat.message.unread')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

interface PendingBubbleProps {
  message: PendingMessage;
  onRetry(clientId: string): void;
  onDiscard(clientId: string): void;
}

/** A message of mine on its way: sending (with upload progress), or failed with resend and delete. */
export function PendingBubble({ message, onRetry, onDiscard }: PendingBubbleProps) {
  const { t } = useTranslation();
  const failed = message.state === 'failed';
  return (
    <div
      className={`support-row support-row--mine support-row--pending${failed ? ' support-row--failed' : ''}`}
      data-client-id={message.clientId}
      data-state={message.state}
    >
      <div className="support-row__line">
        {failed ? (
          <Tooltip title={message.error || t('supportChat.message.failed')}>
            <ExclamationCircleFilled
              className="support-row__failed-icon"
              aria-label={t('supportChat.message.failed')}
            />
          </Tooltip>
        ) : null}
        <div className={`support-bubble support-bubble--${message.kind}`}>
          <Content
            kind={message.kind}
            text={message.text}
            attachment={message.attachment}
            previewUrl={message.previewUrl}
            progress={message.state === 'sending' && message.kind !== 'text' ? (message.progress ?? 0) : undefined}
          />
        </div>
      </div>
      <div className="support-row__meta">
        {failed ? (
          <>
            <span className="support-row__error">{message.error || t('supportChat.message.failed')}</span>
            <Button size="small" type="link" onClick={() => onRetry(message.clientId)}>
              {t('supportChat.message.retry')}
            </Button>
            <Button size="small" type="link" danger onClick={() => onDiscard(message.clientId)}>
              {t('supportChat.message.discard')}
            </Button>
          </>
        ) : (
          <span>
            <LoadingOutlined /> {t('supportChat.message.sending')}
          </span>
        )}
      </div>
    </div>
  );
}
