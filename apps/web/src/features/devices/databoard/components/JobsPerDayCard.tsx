import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceJobsPerDay } from '../../../../api/device-api';
import { cardStatus } from '../model/card-status';
import { jobsChart } from '../model/chart-options';
import { jobTotals } from '../model/stat-maths';
import { ChartCard } from './ChartCard';
import { ChartSummary } from './ChartSummary';
import { DataboardChart } from './DataboardChart';

const CHART_HEIGHT = 240;

/** Jobs started and done per local day. */
export function JobsPerDayCard({ query, primary }: { query: UseQueryResult<DeviceJobsPerDay[]>; primary: string }) {
  const { t } = useTranslation();
  const title = t('databoard.jobs.title');
  const chart = useMemo(() => {
    if (!query.data) return null;
    const text = {
      started: t('databoard.jobs.started'),
      done: t('databoard.jobs.done'),
      countAxis: t('databoard.jobs.axis'),
      dateColumn: t('databoard.common.date'),
    };
    return jobsChart(query.data, text, primary);
  }, [query.data, primary, t]);

  return (
    <ChartCard
      className="databoard-card--jobs"
      title={title}
      status={cardStatus(query, (data) => {
        const totals = jobTotals(data);
        return totals.started + totals.done === 0;
      })}
      emptyText={t('databoard.jobs.empty')}
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
