import type { Feedback } from '@kerf/contract';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { screenshotUrl } from '../../../../api/feedback-api';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';

/** The replies to a feedback, oldest first, each with who answered and when. */
export function FeedbackThread({ feedback, staffView = false }: { feedback: Feedback; staffView?: boolean }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  if (feedback.replies.length === 0) {
    return (
      <p className="feedback-thread__none">
        {t(staffView ? 'supportFeedback.triage.noReplies' : 'supportFeedback.thread.none')}
      </p>
    );
  }
  return (
    <ol className="feedback-thread" aria-label={t('supportFeedback.mine.replies')}>
      {feedback.replies.map((reply) => (
        <li key={reply.id} className="feedback-thread__reply">
          <div className="feedback-thread__head">
            <span className="feedback-thread__who">{reply.staffName || t('supportFeedback.thread.staff')}</span>
            <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt, locale)}</time>
          </div>
          <div className="feedback-thread__text">{reply.text}</div>
        </li>
      ))}
    </ol>
  );
}

/** A feedback's screenshots as thumbnails; a click shows the picture large, with the others beside it. */
export function ScreenshotGallery({ feedback, size = 88 }: { feedback: Feedback; size?: number }) {
  if (feedback.screenshots.length === 0) return null;
  return (
    <div className="feedback-gallery">
      <Image.PreviewGroup>
        {feedback.screenshots.map((shot) => (
          <Image
            key={shot.id}
            src={screenshotUrl(shot.id)}
            alt={shot.name}
            width={size}
            height={size}
            className="feedback-gallery__picture"
          />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
