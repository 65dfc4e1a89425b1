import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState } from '@kerf/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceFleetNow } from '../../../../api/device-api';
import { LinkButton } from '../../../../app/components/LinkButton';
import { cardStatus } from '../model/card-status';
import { fleetChart } from '../model/chart-options';
import { ChartCard } from './ChartCard';
import { DataboardChart } from './DataboardChart';

const CHART_HEIGHT = 220;

/** Machines in each runtime state now: a doughnut with the total inside, and the counts as a list beside it. */
export function FleetNowCard({ query, canActivate }: { query: UseQueryResult<DeviceFleetNow>; canActivate: boolean }) {
  const { t } = useTranslation();
  const chart = useMemo(() => {
    const states = Object.fromEntries(
      DEVICE_RUNTIME_STATES.map((state) => [state, t(`devices.state.${state}`)]),
    ) as Record<DeviceRuntimeState, string>;
    return fleetChart(query.data, { states, seriesName: t('databoard.fleet.series') });
  }, [query.data, t]);
  const status = cardStatus(query, () => chart.total === 0);

  return (
    <ChartCard
      className="databoard-card--fleet"
      title={t('databoard.fleet.title')}
      status={status}
      emptyText={t('databoard.fleet.empty')}
      emptyAction={
        <>
          <p className="databoard-card__hint">{t('databoard.fleet.emptyHint')}</p>
          {canActivate ? (
            <LinkButton type="primary" to="/activate/bind">
              {t('databoard.fleet.activate')}
            </LinkButton>
          ) : null}
        </>
      }
      updating={query.isPlaceholderData}
      bodyHeight={CHART_HEIGHT}
      onRetry={() => void query.refetch()}
    >
      <div className="databoard-fleet">
        <div className="databoard-fleet__chart">
          <DataboardChart option={chart.option} height={CHART_HEIGHT} />
          <div className="databoard-fleet__total" aria-hidden="true">
            <strong>{chart.total}</strong>
            <span>{t('databoard.fleet.total')}</span>
          </div>
        </div>
        <ul className="databoard-fleet__list" aria-label={t('databoard.fleet.list')}>
          {chart.slices.map((slice) => (
            <li
              key={slice.state}
              className={
                slice.count === 0 ? 'databoard-fleet__item databoard-fleet__item--none' : 'databoard-fleet__item'
              }
              data-state={slice.state}
            >
              <span className="databoard-fleet__dot" style={{ background: slice.colour }} aria-hidden="true" />
              <span className="databoard-fleet__label">{slice.label}</span>
              <span className="databoard-fleet__count">{slice.count}</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}
