import { ArrowDownOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatSide, type ConversationSnapshot, isReadByThem } from '../model/conversation-store';
import { dayLabel, startsNewDay } from '../model/message-time';
import { MessageBubble, PendingBubble } from './MessageBubble';

/** Within this many pixels of the end the list counts as "at the bottom" and follows new messages. */
const STICK_PX = 80;
/** Within this many pixels of the top an older page is fetched. */
const OLDER_PX = 40;

interface MessageListProps {
  snapshot: ConversationSnapshot;
  side: ChatSide;
  otherName?: string;
  showOwnSender?: boolean;
  attachmentUrl(messageId: string): string;
  onLoadOlder(): Promise<void>;
  onRetry(clientId: string): void;
  onDiscard(clientId: string): void;
  /** What an empty conversation shows (the customer's greeting). */
  empty?: ReactNode;
  typingText: string;
}

/**
 * The messages of a conversation: older pages as one scrolls up (the view stays where it was), day
 * lines, my pending messages at the end, the other side typing. It follows new messages while the
 * reader is at the bottom; otherwise a button says new ones came.
 */
export function MessageList({
  snapshot,
  side,
  otherName,
  showOwnSender,
  attachmentUrl,
  onLoadOlder,
  onRetry,
  onDiscard,
  empty,
  typingText,
}: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The scroll height before an older page went in, to keep the same messages in view. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [newBelow, setNewBelow] = useState(false);
  const { messages, pending, theirTyping } = snapshot;
  const last = messages.at(-1);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  }, []);

  const loadOlder = useCallback(async () => {
    const el = scroller.current;
    if (!el || loadingOlder || !snapshot.hasOlder) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    setLoadingOlder(true);
    try {
      await onLoadOlder();
    } catch {
      anchor.current = null;
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder, onLoadOlder, snapshot.hasOlder]);

  // an older page went in above: keep the messages that were in view where they were
  const firstSeq = messages[0]?.seq;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current || firstSeq === undefined) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [firstSeq]);

  // new messages at the end: follow them when at the bottom (always for my own)
  const pendingCount = pending.length;
  const lastSeq = last?.seq;
  const lastIsMine = last?.side === side;
  const previousPending = useRef(pendingCount);
  useLayoutEffect(() => {
    const wroteOne = pendingCount > previousPending.current;
    previousPending.current = pendingCount;
    if (atBottom.current || wroteOne || lastIsMine) toBottom();
    else if (lastSeq !== undefined) setNewBelow(true);
  }, [lastSeq, pendingCount, lastIsMine, toBottom]);

  useLayoutEffect(() => {
    if (theirTyping && atBottom.current) toBottom();
  }, [theirTyping, toBottom]);

  // a list that does not fill its box cannot be scrolled up: fetch older pages until it does
  useEffect(() => {
    const el = scroller.current;
    if (!el || !snapshot.loaded || !snapshot.hasOlder || loadingOlder) return;
    if (el.scrollHeight <= el.clientHeight + OLDER_PX) void loadOlder();
  }, [snapshot.loaded, snapshot.hasOlder, loadingOlder, loadOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (atBottom.current) setNewBelow(false);
    if (el.scrollTop < OLDER_PX && snapshot.hasOlder) void loadOlder();
  };

  const nothing = snapshot.loaded && messages.length === 0 && pending.length === 0;

  return (
    <div className="support-list-wrap">
      <div
        className="support-list"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
      >
        {snapshot.hasOlder ? (
          <div className="support-list__older">
            <Button size="small" type="link" loading={loadingOlder} onClick={() => void loadOlder()}>
              {loadingOlder ? t('supportChat.list.loadingOlder') : t('supportChat.list.older')}
            </Button>
          </div>
        ) : null}
        {!snapshot.loaded && snapshot.conversationId ? (
          <div className="support-list__loading">
            <Spin />
          </div>
        ) : null}
        {nothing || (!snapshot.conversationId && pending.length === 0) ? (
          <div className="support-list__empty">{empty ?? t('supportChat.list.empty')}</div>
        ) : null}
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const newDay = startsNewDay(previous?.createdAt, message.createdAt);
          const continued = !newDay && previous?.side === message.side && previous.senderName === message.senderName;
          return (
            <Fragment key={message.seq}>
              {newDay ? (
                <div className="support-day">
                  <span>{dayLabel(message.createdAt)}</span>
                </div>
              ) : null}
              <MessageBubble
                continued={continued}
                message={message}
                side={side}
                read={isReadByThem(message, snapshot, side)}
                otherName={otherName}
                showOwnSender={showOwnSender}
                attachmentUrl={attachmentUrl}
              />
            </Fragment>
          );
        })}
        {pending.map((message) => (
          <PendingBubble key={message.clientId} message={message} onRetry={onRetry} onDiscard={onDiscard} />
        ))}
        {theirTyping ? (
          <div className="support-typing" aria-live="polite">
            <span className="support-typing__dots" aria-hidden>
              <i />
              <i />
              <i />
            </span>
            {typingText}
          </div>
        ) : null}
      </div>
      {newBelow ? (
        <Button
          className="support-list__new"
          size="small"
          shape="round"
          icon={<ArrowDownOutlined />}
          onClick={toBottom}
        >
          {t('supportChat.list.newMessages')}
        </Button>
      ) : null}
    </div>
  );
}
