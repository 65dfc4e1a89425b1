import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../../../../api/live-socket';

/** A line over the list while the live connection is down (what is written waits and goes out after). */
export function LiveNotice({ status }: { status: LiveStatus | 'none' }) {
  const { t } = useTranslation();
  if (status !== 'closed') return null;
  return (
    <div className="support-live" role="status">
      {t('supportChat.live.closed')}
    </div>
  );
}
