import { BellOutlined } from '@ant-design/icons';
import type { Notice } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';
import { NOTICE_KEYS, useMarkNoticesRead, useNoticeList, useUnreadNotices } from '../hooks/use-notices';
import { noticeTarget, noticeTitle, unreadIds } from '../model/notices';
import '../feedback.css';

/** The newest messages; the unread ones stand out, each leads where its link says. */
function NoticeList({ notices, onPick }: { notices: Notice[]; onPick(notice: Notice): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  if (notices.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supportFeedback.notices.empty')} />;
  return (
    <ul className="notice-list">
      {notices.map((notice) => (
        <li key={notice.id}>
          <button
            type="button"
            className={notice.read ? 'notice-list__item' : 'notice-list__item is-unread'}
            onClick={() => onPick(notice)}
          >
            <span className="notice-list__title">
              {notice.read ? null : (
                <span className="notice-list__dot" role="img" aria-label={t('supportFeedback.notices.unread')} />
              )}
              {noticeTitle(notice, locale)}
            </span>
            <span className="notice-list__text">{notice.text}</span>
            <time className="notice-list__time" dateTime={notice.createdAt}>
              {formatDateTime(notice.createdAt, locale)}
            </time>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The bell in the signed-in header: the unread count on it; a click shows the newest messages and
 * marks them read (they stay marked as new in the list while it is open).
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotices(true);
  const list = useNoticeList(open);
  const markRead = useMarkNoticesRead();
  const count = unread.data ?? 0;

  // once the list is on screen, what it shows as new has been seen
  const shown = open && list.isSuccess && !list.isFetching ? list.data.list : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: marking follows what is shown, once per showing
  useEffect(() => {
    const ids = shown ? unreadIds(shown) : [];
    if (ids.length) markRead.mutate(ids);
  }, [shown]);

  const toggle = (next: boolean) => {
    setOpen(next);
    // the next opening asks again, and then shows what was read as read
    if (next) void client.invalidateQueries({ queryKey: NOTICE_KEYS.list });
  };

  const label = count > 0 ? t('supportFeedback.notices.bellUnread', { count }) : t('supportFeedback.notices.bell');
  return (
    <Popover
      open={open}
      onOpenChange={toggle}
      trigger="click"
      placement="bottomRight"
      title={t('supportFeedback.notices.title')}
      classNames={{ root: 'notice-popover' }}
      content={
        list.isError ? (
          <p className="notice-list__failed">{t('supportFeedback.notices.loadFailed')}</p>
        ) : list.data ? (
          <NoticeList
            notices={list.data.list}
            onPick={(notice) => {
              setOpen(false);
              const target = noticeTarget(notice.link);
              if (target) void navigate(target);
            }}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        )
      }
    >
      <Button type="text" aria-label={label} title={label} className="notice-bell">
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined className="notice-bell__icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
