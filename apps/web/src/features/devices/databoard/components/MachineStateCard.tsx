import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatsByDevice } from '../../../../api/device-api';
import { cardStatus } from '../model/card-status';
import { machineStateChart, partOfSeriesName } from '../model/chart-options';
import { hasAnyTime, STACK_PARTS, type StackPart, topMachinesByProcessing } from '../model/stat-maths';
import { ChartCard } from './ChartCard';
import { ChartSummary } from './ChartSummary';
import { type ChartEvents, DataboardChart } from './DataboardChart';

export const TOP_MACHINES = 10;
/** Off at first: a machine switched off for a month would squeeze its working hours into a sliver. */
const INITIALLY_HIDDEN: readonly StackPart[] = ['shutdown', 'offline'];
const ROW_HEIGHT = 30;
const AXES_HEIGHT = 64;
const MIN_HEIGHT = 200;

/** Hours in each state per machine, stacked, for the machines that processed most. */
export function MachineStateCard({ query }: { query: UseQueryResult<DeviceStatsByDevice[]> }) {
  const { t } = useTranslation();
  const title = t('databoard.machines.title');
  const [hidden, setHidden] = useState<ReadonlySet<StackPart>>(() => new Set(INITIALLY_HIDDEN));
  const parts = useMemo(
    () =>
      Object.fromEntries(STACK_PARTS.map((part) => [part, t(`databoard.parts.${part}`)])) as Record<StackPart, string>,
    [t],
  );
  const top = useMemo(() => topMachinesByProcessing(query.data ?? [], TOP_MACHINES), [query.data]);
  const chart = useMemo(
    () =>
      machineStateChart(
        top,
        {
          parts,
          hoursAxis: t('databoard.machines.axis'),
          hourUnit: t('databoard.machines.unit'),
          machineColumn: t('databoard.machines.machineColumn'),
        },
        hidden,
      ),
    [top, parts, hidden, t],
  );
  // the person's legend choice goes into the next option, so a refresh does not undo it
  const onEvents = useMemo<ChartEvents>(
    () => ({
      legendselectchanged: (event: { selected: Record<string, boolean> }) =>
        setHidden(
          new Set(
            Object.entries(event.selected)
              .filter(([, shown]) => !shown)
              .map(([name]) => partOfSeriesName(name, parts))
              .filter((part) => part !== undefined),
          ),
        ),
    }),
    [parts],
  );
  const height = Math.max(MIN_HEIGHT, AXES_HEIGHT + top.length * ROW_HEIGHT);

  return (
    <ChartCard
      className="databoard-card--machines"
      title={title}
      hint={t('databoard.machines.hint', { count: TOP_MACHINES })}
      status={cardStatus(query, (data) => !data.some((device) => hasAnyTime(device.seconds)))}
      emptyText={t('databoard.machines.empty')}
      updating={query.isPlaceholderData}
      bodyHeight={MIN_HEIGHT}
      onRetry={() => void query.refetch()}
    >
      <DataboardChart option={chart.option} height={height} onEvents={onEvents} />
      <ChartSummary title={title} table={chart.table} />
    </ChartCard>
  );
}
