import type { DeviceDetail } from '@kerf/contract';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFullTime } from '../../drive/model/format';
import { DetailSection } from './DetailSection';

type Binding = DeviceDetail['bindings'][number];
type Board = DeviceDetail['boards'][number];

/**
 * Who the machine was bound to and when (SPEC §4 binding: bound → unbound, with both times), and the
 * motherboards fitted to it (SPEC §2 motherboard replacement). Another account is never named.
 */
export function DeviceHistorySection({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation();
  const time = (iso: string) => <span className="device-time">{formatFullTime(iso)}</span>;
  const current = <Tag color="green">{t('devices.history.current')}</Tag>;

  const bindingColumns: TableColumnsType<Binding> = [
    { key: 'boundAt', title: t('devices.history.boundAt'), render: (_, b) => time(b.boundAt) },
    {
      key: 'unboundAt',
      title: t('devices.history.unboundAt'),
      render: (_, b) => (b.unboundAt ? time(b.unboundAt) : current),
    },
    {
      key: 'account',
      title: t('devices.history.account'),
      width: 110,
      render: (_, b) => (b.mine ? t('devices.history.mine') : t('devices.history.other')),
    },
  ];
  const boardColumns: TableColumnsType<Board> = [
    { key: 'boardModel', title: t('devices.field.boardModel'), dataIndex: 'boardModel', width: 110 },
    { key: 'boardSerial', title: t('devices.field.boardSerial'), dataIndex: 'boardSerial', ellipsis: true },
    { key: 'fittedAt', title: t('devices.history.fittedAt'), render: (_, b) => time(b.fittedAt) },
    {
      key: 'removedAt',
      title: t('devices.history.removedAt'),
      render: (_, b) => (b.removedAt ? time(b.removedAt) : <Tag color="green">{t('devices.history.inUse')}</Tag>),
    },
  ];

  return (
    <div className="device-history">
      <DetailSection title={t('devices.detail.sections.bindings')}>
        <Table<Binding>
          rowKey={(b) => `${b.boundAt}-${b.unboundAt ?? ''}`}
          size="small"
          aria-label={t('devices.history.bindingsLabel')}
          columns={bindingColumns}
          dataSource={detail.bindings}
          scroll={{ x: 480 }}
          locale={{ emptyText: t('devices.history.empty') }}
          pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false }}
        />
      </DetailSection>
      <DetailSection title={t('devices.detail.sections.boards')}>
        <Table<Board>
          rowKey={(b) => `${b.boardSerial}-${b.fittedAt}`}
          size="small"
          aria-label={t('devices.history.boardsLabel')}
          columns={boardColumns}
          dataSource={detail.boards}
          scroll={{ x: 560 }}
          locale={{ emptyText: t('devices.history.empty') }}
          pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false }}
        />
      </DetailSection>
    </div>
  );
}
