import type { DeviceRuntimeState } from '@kerf/contract';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFullTime } from '../../drive/model/format';
import { useDurationText } from '../hooks/use-duration-text';
import { useNow } from '../hooks/use-now';
import { elapsedSince } from '../model/device-duration';
import { STATE_TONE } from '../model/device-state';
import './devices.css';

export interface DeviceStateBadgeProps {
  state: DeviceRuntimeState;
  /** When the machine entered the state: shown as how long it has been in it. */
  since?: string | null;
}

/**
 * A machine's runtime state (SPEC §4) as a coloured dot and its name, with how long it has been in it
 * ("运行中 · 已持续 2 小时"); the exact time it began is in the tooltip.
 */
export function DeviceStateBadge({ state, since }: DeviceStateBadgeProps) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const now = useNow();
  const elapsed = elapsedSince(since, now);
  return (
    <span className="device-state" data-state={state}>
      <Badge status={STATE_TONE[state]} text={t(`devices.state.${state}`)} />
      {Number.isNaN(elapsed) ? null : (
        <Tooltip title={t('devices.duration.since', { time: formatFullTime(since) })}>
          <span className="device-state__since">
            {t('devices.duration.inState', { duration: durationText(elapsed) })}
          </span>
        </Tooltip>
      )}
    </span>
  );
}
