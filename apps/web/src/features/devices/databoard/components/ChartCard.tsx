import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardStatus } from '../model/card-status';

interface ChartCardProps {
  title: string;
  hint?: string;
  status: CardStatus;
  /** What "no data" means here, in the card's words. */
  emptyText: string;
  /** Shown under the empty text, e.g. a link to activate a machine. */
  emptyAction?: ReactNode;
  /** The figures are from the previous range or scope while the new ones load. */
  updating?: boolean;
  bodyHeight: number;
  className?: string;
  onRetry: () => void;
  children?: ReactNode;
}

/**
 * A dashboard card: a heading (end-to-end tests find cards by it), an optional hint, and the chart,
 * or a loading, failed or empty state in the same space so the page does not jump.
 */
export function ChartCard(props: ChartCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { status, bodyHeight } = props;
  return (
    <section
      className={`databoard-card ${props.className ?? ''}`}
      aria-labelledby={headingId}
      aria-busy={status === 'loading' || props.updating}
    >
      <header className="databoard-card__head">
        <h2 id={headingId} className="databoard-card__title">
          {props.title}
        </h2>
        {props.updating ? <Spin size="small" aria-label={t('databoard.common.updating')} /> : null}
      </header>
      {props.hint ? <p className="databoard-card__hint">{props.hint}</p> : null}
      <div
        className={`databoard-card__body${props.updating ? ' databoard-card__body--updating' : ''}`}
        style={{ minHeight: bodyHeight }}
      >
        {status === 'loading' ? (
          <div className="databoard-card__placeholder" role="status">
            <Spin />
            <span className="visually-hidden">{t('databoard.common.loading')}</span>
          </div>
        ) : status === 'failed' ? (
          <Empty className="databoard-card__placeholder" description={t('databoard.common.failed')}>
            <Button icon={<ReloadOutlined />} onClick={props.onRetry}>
              {t('databoard.common.retry')}
            </Button>
          </Empty>
        ) : status === 'empty' ? (
          <Empty
            className="databoard-card__placeholder"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={props.emptyText}
          >
            {props.emptyAction}
          </Empty>
        ) : (
          props.children
        )}
      </div>
    </section>
  );
}
