import { DEVICE_RUNTIME_STATES, type DeviceFleetNow, type DeviceRuntimeState } from '@kerf/contract';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATE_TONE } from '../model/device-state';

export interface DeviceStateSummaryProps {
  counts: DeviceFleetNow;
  /** The state the list is filtered by, if any: its button shows pressed. */
  active: DeviceRuntimeState | undefined;
  onPick(state: DeviceRuntimeState | undefined): void;
}

/**
 * How many machines are in each state now, one button per state: pressing one filters the list by it,
 * pressing it again shows all. The counts follow the live state changes (see useApplyLiveState).
 */
export function DeviceStateSummary({ counts, active, onPick }: DeviceStateSummaryProps) {
  const { t } = useTranslation();
  const total = DEVICE_RUNTIME_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  return (
    <fieldset className="device-summary" aria-label={t('devices.list.summaryLabel')}>
      <span className="device-summary__total">{t('devices.list.summaryTotal', { count: total })}</span>
      {DEVICE_RUNTIME_STATES.map((state) => {
        const count = counts[state] ?? 0;
        const pressed = active === state;
        return (
          <button
            key={state}
            type="button"
            className={`device-summary__item${pressed ? ' is-active' : ''}${count ? '' : ' is-zero'}`}
            aria-pressed={pressed}
            onClick={() => onPick(pressed ? undefined : state)}
          >
            <Badge status={STATE_TONE[state]} text={t(`devices.state.${state}`)} />
            <span className="device-summary__count">{count}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
