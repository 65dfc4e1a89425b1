import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceFaultRank } from '../../../../api/device-api';
import { cardStatus } from '../model/card-status';
import { ChartCard } from './ChartCard';

const BODY_HEIGHT = 200;

/**
 * The most frequent fault codes of the range. A table rather than a chart: the code, the machine's
 * message and how many machines had it are what someone fixing them reads; a bar in the count
 * cell still shows the proportions at a glance.
 */
export function FaultRankingCard({ query, primary }: { query: UseQueryResult<DeviceFaultRank[]>; primary: string }) {
  const { t } = useTranslation();
  const faults = query.data ?? [];
  const most = faults.reduce((max, fault) => Math.max(max, fault.count), 0);

  const columns = useMemo<TableColumnsType<DeviceFaultRank>>(
    () => [
      {
        key: 'rank',
        title: t('databoard.faults.rank'),
        width: 48,
        align: 'center',
        render: (_value, _fault, index) => index + 1,
      },
      { key: 'code', dataIndex: 'code', title: t('databoard.faults.code'), width: 84 },
      // the machine's own words, wrapped rather than cut: they are what a technician acts on
      { key: 'message', dataIndex: 'message', title: t('databoard.faults.message') },
      {
        key: 'count',
        dataIndex: 'count',
        title: t('databoard.faults.count'),
        width: 120,
        render: (count: number) => (
          <span className="databoard-faults__count">
            <span
              className="databoard-faults__bar"
              style={{ width: `${most > 0 ? (count / most) * 100 : 0}%`, background: primary }}
              aria-hidden="true"
            />
            <span>{count}</span>
          </span>
        ),
      },
      {
        key: 'devices',
        dataIndex: 'devices',
        title: t('databoard.faults.machines'),
        width: 72,
        align: 'right',
      },
    ],
    [t, most, primary],
  );

  return (
    <ChartCard
      className="databoard-card--faults"
      title={t('databoard.faults.title')}
      status={cardStatus(query, (data) => data.length === 0)}
      emptyText={t('databoard.faults.empty')}
      updating={query.isPlaceholderData}
      bodyHeight={BODY_HEIGHT}
      onRetry={() => void query.refetch()}
    >
      <Table<DeviceFaultRank>
        className="databoard-faults"
        size="small"
        rowKey="code"
        pagination={false}
        columns={columns}
        dataSource={faults}
      />
    </ChartCard>
  );
}
