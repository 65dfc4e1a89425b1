import { FEEDBACK_LIMITS, FEEDBACK_STATUS_LABELS, type FeedbackStatus, TOAST_SECONDS } from '@kerf/contract';
import { App, Button, Descriptions, Drawer, Input, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';
import { useFeedback, useReplyToFeedback, useSetFeedbackStatus } from '../hooks/use-feedback-queries';
import { characterCount, feedbackText } from '../model/feedback-form';
import { statusChoices } from '../model/feedback-view';
import { CategoryTag, StatusTag } from './FeedbackLabels';
import { FeedbackThread, ScreenshotGallery } from './FeedbackThread';

/**
 * One feedback for staff: what was written and by whom, the screenshots (a click enlarges), the
 * replies so far, a reply box, and the state buttons.
 */
export function TriageDrawer({ id, open, onClose }: { id: string | null; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const feedback = useFeedback(id);
  const reply = useReplyToFeedback();
  const setStatus = useSetFeedbackStatus();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();

  const send = async (status?: FeedbackStatus) => {
    if (!id) return;
    const body = text.trim();
    if (!body) return setProblem(feedbackText('replyRequired', locale));
    if (characterCount(body) > FEEDBACK_LIMITS.replyMax) return setProblem(feedbackText('replyTooLong', locale));
    try {
      const { msg } = await reply.mutateAsync({ id, text: body, status });
      setText('');
      void message.success(msg, TOAST_SECONDS);
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const changeStatus = async (status: FeedbackStatus) => {
    if (!id) return;
    try {
      const { msg } = await setStatus.mutateAsync({ id, status });
      void message.success(msg, TOAST_SECONDS);
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  const shown = feedback.data;
  return (
    <Drawer
      open={open && id !== null}
      size={640}
      title={t('supportFeedback.triage.detail')}
      onClose={onClose}
      className="triage-drawer"
      footer={
        feedback.data ? (
          <div className="triage-drawer__status">
            <span className="triage-drawer__status-label">{t('supportFeedback.triage.setStatus')}</span>
            <Space wrap>
              {statusChoices(feedback.data.status).map((status) => (
                <Button
                  key={status}
                  size="small"
                  loading={setStatus.isPending && setStatus.variables?.status === status}
                  onClick={() => void changeStatus(status)}
                >
                  {t('supportFeedback.triage.markAs', { status: FEEDBACK_STATUS_LABELS[status][locale] })}
                </Button>
              ))}
            </Space>
          </div>
        ) : null
      }
      destroyOnHidden
      afterOpenChange={(opened) => {
        if (!opened) {
          setText('');
          setProblem(undefined);
        }
      }}
    >
      {feedback.isError ? (
        <Result status="warning" title={t('supportFeedback.triage.loadFailed')} />
      ) : !shown ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered className="triage-drawer__facts">
            <Descriptions.Item label={t('supportFeedback.triage.status')}>
              <StatusTag status={shown.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('supportFeedback.triage.category')}>
              <CategoryTag category={shown.category} />
            </Descriptions.Item>
            <Descriptions.Item label={t('supportFeedback.triage.time')}>
              {formatDateTime(shown.createdAt, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('supportFeedback.triage.author')}>
              {shown.userId ? shown.authorName : t('supportFeedback.triage.visitor')}
            </Descriptions.Item>
            <Descriptions.Item label={t('supportFeedback.triage.contact')}>
              {shown.contact || <span className="triage-drawer__none">{t('supportFeedback.triage.contactNone')}</span>}
            </Descriptions.Item>
          </Descriptions>

          <h4 className="triage-drawer__heading">{t('supportFeedback.triage.description')}</h4>
          <div className="feedback-description">{shown.description}</div>

          {shown.screenshots.length ? (
            <>
              <h4 className="triage-drawer__heading">{t('supportFeedback.triage.screenshots')}</h4>
              <ScreenshotGallery feedback={shown} size={104} />
            </>
          ) : null}

          <h4 className="triage-drawer__heading">{t('supportFeedback.triage.thread')}</h4>
          <FeedbackThread feedback={shown} staffView />

          <div className="triage-drawer__reply">
            <label htmlFor="triage-reply" className="triage-drawer__heading">
              {t('supportFeedback.triage.reply')}
            </label>
            <Input.TextArea
              id="triage-reply"
              rows={4}
              value={text}
              status={problem ? 'error' : undefined}
              placeholder={t('supportFeedback.triage.replyPlaceholder')}
              count={{ show: true, max: FEEDBACK_LIMITS.replyMax, strategy: characterCount }}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(undefined);
              }}
            />
            {problem ? (
              <div className="triage-drawer__problem" role="alert">
                {problem}
              </div>
            ) : null}
            <Space wrap className="triage-drawer__actions">
              <Button type="primary" loading={reply.isPending} onClick={() => void send()}>
                {t('supportFeedback.triage.send')}
              </Button>
              {shown.status === 'resolved' ? null : (
                <Button loading={reply.isPending} onClick={() => void send('resolved')}>
                  {t('supportFeedback.triage.sendAndResolve')}
                </Button>
              )}
            </Space>
          </div>
        </>
      )}
    </Drawer>
  );
}
