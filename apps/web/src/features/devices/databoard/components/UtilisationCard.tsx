import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStateTime } from '../../../../api/device-api';
import { cardStatus } from '../model/card-status';
import { utilisationChart } from '../model/chart-options';
import { hasAnyTime } from '../model/stat-maths';
import { ChartCard } from './ChartCard';
import { ChartSummary } from './ChartSummary';
import { DataboardChart } from './DataboardChart';

const CHART_HEIGHT = 260;

/** Per day: how much of the powered-on time, and of the whole day, the machines spent cutting. */
export function UtilisationCard({ query, primary }: { query: UseQueryResult<DeviceStateTime>; primary: string }) {
  const { t } = useTranslation();
  const title = t('databoard.utilisation.title');
  const chart = useMemo(
    () =>
      query.data
        ? utilisationChart(
            query.data,
            {
              ofPoweredOn: t('databoard.utilisation.ofPoweredOn'),
              ofDay: t('databoard.utilisation.ofDay'),
              percentAxis: t('databoard.utilisation.axis'),
              dateColumn: t('databoard.common.date'),
              processingColumn: t('databoard.utilisation.processingColumn'),
              poweredOnColumn: t('databoard.utilisation.poweredOnColumn'),
            },
            primary,
          )
        : null,
    [query.data, primary, t],
  );

  return (
    <ChartCard
      className="databoard-card--utilisation"
      title={title}
      hint={t('databoard.utilisation.hint')}
      status={cardStatus(query, (data) => !hasAnyTime(data.totals))}
      emptyText={t('databoard.utilisation.empty')}
      updating={query.isPlaceholderData}
      bodyHeight={CHART_HEIGHT}
      onRetry={() => void query.refetch()}
    >
      {chart ? (
        <>
          <DataboardChart option={chart.option} height={CHART_HEIGHT} />
          <ChartSummary title={title} table={chart.table} />
        </>
      ) : null}
    </ChartCard>
  );
}
