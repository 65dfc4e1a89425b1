import { MessageOutlined } from '@ant-design/icons';
import type { Feedback } from '@kerf/contract';
import { Button, Collapse, Empty, Pagination, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';
import { MY_FEEDBACK_PAGE_SIZE, useFeedback, useMyFeedback } from '../hooks/use-feedback-queries';
import { excerpt } from '../model/feedback-view';
import { CategoryTag, StatusTag } from './FeedbackLabels';
import { FeedbackThread, ScreenshotGallery } from './FeedbackThread';

/** One of my feedback opened: what I wrote, my screenshots, and the replies. */
function MyFeedbackDetail({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  return (
    <div className="my-feedback__detail">
      <div className="feedback-description">{feedback.description}</div>
      {feedback.contact ? (
        <div className="my-feedback__meta">{t('supportFeedback.mine.contactLine', { contact: feedback.contact })}</div>
      ) : null}
      <ScreenshotGallery feedback={feedback} size={72} />
      <h4 className="my-feedback__heading">{t('supportFeedback.mine.replies')}</h4>
      <FeedbackThread feedback={feedback} />
    </div>
  );
}

/**
 * My feedback, newest first, each with its state; one opens to its replies. `openId` (a message's
 * link, `?id=`) opens that one even when it is not on the first page.
 */
export function MyFeedbackList({
  openId,
  onOpen,
  onNew,
}: {
  openId: string | null;
  onOpen(id: string | null): void;
  onNew(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page, true);
  const listed = mine.data?.list ?? [];
  // the one a link names, fetched by itself when it is not on this page
  const named = useFeedback(openId && !listed.some((f) => f.id === openId) && mine.isSuccess ? openId : null);
  const items = named.data && !listed.some((f) => f.id === named.data.id) ? [named.data, ...listed] : listed;

  useEffect(() => {
    if (!openId) return;
    document.getElementById(`feedback-${openId}`)?.scrollIntoView({ block: 'nearest' });
  }, [openId]);

  if (mine.isError) {
    return (
      <Result
        status="warning"
        title={t('supportFeedback.mine.loadFailed')}
        extra={<Button onClick={() => void mine.refetch()}>{t('supportFeedback.retry')}</Button>}
      />
    );
  }
  if (!mine.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (items.length === 0) {
    return (
      <Empty description={t('supportFeedback.mine.empty')}>
        <Button type="primary" onClick={onNew}>
          {t('supportFeedback.mine.newOne')}
        </Button>
      </Empty>
    );
  }
  return (
    <div className="my-feedback">
      <Collapse
        accordion
        activeKey={openId ?? undefined}
        onChange={(keys) => {
          const key = Array.isArray(keys) ? keys[0] : keys;
          onOpen(key ? String(key) : null);
        }}
        items={items.map((feedback) => ({
          key: feedback.id,
          label: (
            <div className="my-feedback__summary" id={`feedback-${feedback.id}`}>
              <StatusTag status={feedback.status} />
              <CategoryTag category={feedback.category} />
              <span className="my-feedback__excerpt">{excerpt(feedback.description, 60)}</span>
            </div>
          ),
          extra: (
            <span className="my-feedback__when">
              {feedback.replies.length ? (
                <span className="my-feedback__replies">
                  <MessageOutlined /> {t('supportFeedback.mine.repliesCount', { count: feedback.replies.length })}
                </span>
              ) : null}
              {formatDateTime(feedback.createdAt, locale)}
            </span>
          ),
          children: <MyFeedbackDetail feedback={feedback} />,
        }))}
      />
      {mine.data.total > MY_FEEDBACK_PAGE_SIZE ? (
        <Pagination
          className="my-feedback__pager"
          current={page}
          pageSize={MY_FEEDBACK_PAGE_SIZE}
          total={mine.data.total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(total) => t('supportFeedback.mine.total', { count: total })}
        />
      ) : null}
    </div>
  );
}
