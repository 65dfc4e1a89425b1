import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_STATUS_LABELS,
  type FeedbackCategory,
  type FeedbackStatus,
} from '@kerf/contract';
import { Tag } from 'antd';
import { useSettings } from '../../../../stores/settings-store';
import { STATUS_COLORS } from '../model/feedback-view';

/** A feedback's state as a coloured tag, in the contract's words. */
export function StatusTag({ status }: { status: FeedbackStatus }) {
  const locale = useSettings((s) => s.locale);
  return (
    <Tag color={STATUS_COLORS[status]} className="feedback-status">
      {FEEDBACK_STATUS_LABELS[status][locale]}
    </Tag>
  );
}

export function CategoryTag({ category }: { category: FeedbackCategory }) {
  const locale = useSettings((s) => s.locale);
  return (
    <Tag bordered={false} className="feedback-category">
      {FEEDBACK_CATEGORY_LABELS[category][locale]}
    </Tag>
  );
}
