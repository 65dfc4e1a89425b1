import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../hooks/use-device-live';

/**
 * Whether the live state reaches this page: while the socket is down the states shown may be old, and
 * the person should know it (the page reads everything again once it is back).
 */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  const tone = status === 'open' ? 'success' : status === 'connecting' ? 'processing' : 'warning';
  return (
    <span className="device-live" role="status" aria-live="polite">
      <Badge status={tone} text={t(`devices.list.live.${status}`)} />
    </span>
  );
}
