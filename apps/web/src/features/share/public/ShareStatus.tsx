import { ClockCircleOutlined, DisconnectOutlined, HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../app/components/LinkButton';
import { SharePageFrame } from './SharePageFrame';

export type ShareStatusKind = 'notFound' | 'expired' | 'failed';

const LOOK: Record<ShareStatusKind, { icon: ReactNode; tone: string }> = {
  notFound: { icon: <DisconnectOutlined />, tone: 'is-muted' },
  expired: { icon: <ClockCircleOutlined />, tone: 'is-warning' },
  failed: { icon: <DisconnectOutlined />, tone: 'is-muted' },
};

/** A share that cannot be shown: gone, past its end time (SPEC §4), or not reachable just now. */
export function ShareStatus({ kind, onRetry }: { kind: ShareStatusKind; onRetry?(): void }) {
  const { t } = useTranslation();
  const look = LOOK[kind];
  return (
    <SharePageFrame>
      <section className="auth-card share-card share-status" aria-labelledby="share-status-title">
        <div className={`share-status__icon ${look.tone}`} aria-hidden>
          {look.icon}
        </div>
        <h1 id="share-status-title" className="share-status__title">
          {t(`share.page.${kind}Title`)}
        </h1>
        <p className="share-status__text">{t(`share.page.${kind}Text`)}</p>
        <div className="share-status__actions">
          {kind === 'failed' && onRetry ? (
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              {t('share.page.retry')}
            </Button>
          ) : null}
          <LinkButton type={kind === 'failed' ? 'default' : 'primary'} icon={<HomeOutlined />} to="/">
            {t('share.page.backHome')}
          </LinkButton>
        </div>
      </section>
    </SharePageFrame>
  );
}

/** While the share's facts are on their way. */
export function ShareLoading() {
  const { t } = useTranslation();
  return (
    <SharePageFrame>
      <section className="auth-card share-card share-status" aria-busy="true">
        <Spin size="large" />
        <p className="share-status__text">{t('share.page.loading')}</p>
      </section>
    </SharePageFrame>
  );
}
