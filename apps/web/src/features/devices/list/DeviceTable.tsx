import { type DeviceInfo, PAGE_SIZES } from '@kerf/contract';
import { Progress, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullTime, formatTime } from '../../drive/model/format';
import { DeviceStateBadge } from '../components/DeviceStateBadge';
import type { DeviceListView } from '../model/device-list-view';
import { deviceDetailPath, deviceTitle } from '../model/device-naming';
import { currentJobProgress, percentOf } from '../model/device-telemetry';

export interface DeviceTableProps {
  devices: DeviceInfo[];
  total: number;
  loading: boolean;
  view: DeviceListView;
  /** Every machine (scope=all): whose it is matters, so a column says it. */
  showBinding: boolean;
  empty: ReactNode;
  onView(view: DeviceListView): void;
  onOpen(device: DeviceInfo): void;
}

/** Clicks on the row's own links are theirs, not "open this machine" a second time. */
const fromControl = (event: MouseEvent) => !!(event.target as HTMLElement).closest('a, button, input');

/**
 * My machines, a page at a time: name (or machine code), model, live state with how long, power,
 * last seen, the current job's progress while at work, and the activation date. A row opens the detail.
 */
export function DeviceTable(props: DeviceTableProps) {
  const { t } = useTranslation();
  const { view } = props;
  const none = <span className="device-muted">{t('devices.none')}</span>;

  const columns: TableColumnsType<DeviceInfo> = [
    {
      key: 'name',
      title: t('devices.field.name'),
      render: (_, device) => {
        const title = deviceTitle(device);
        return (
          <div className="device-name-cell">
            <Link to={deviceDetailPath(device.id)}>{title}</Link>
            {device.name.trim() ? <span className="device-name-cell__code">{device.machineCode}</span> : null}
          </div>
        );
      },
    },
    {
      key: 'model',
      title: t('devices.field.model'),
      dataIndex: 'boardModel',
      width: 110,
      ellipsis: true,
    },
    {
      key: 'state',
      title: t('devices.field.state'),
      width: 200,
      render: (_, device) => <DeviceStateBadge state={device.state} since={device.stateSince} />,
    },
    {
      key: 'progress',
      title: t('devices.field.progress'),
      width: 140,
      render: (_, device) => {
        const progress = currentJobProgress(device);
        if (progress === undefined) return none;
        const percent = percentOf(progress);
        return (
          <Progress
            percent={percent}
            size="small"
            status={device.state === 'running' ? 'active' : 'normal'}
            aria-label={t('devices.field.progress')}
          />
        );
      },
    },
    {
      key: 'power',
      title: t('devices.field.power'),
      width: 96,
      align: 'right',
      render: (_, device) => (device.power === null ? none : `${device.power} W`),
    },
    {
      key: 'lastSeen',
      title: t('devices.field.lastSeen'),
      width: 150,
      render: (_, device) =>
        device.lastSeenAt ? (
          <Tooltip title={formatFullTime(device.lastSeenAt)}>
            <span className="device-time">{formatTime(device.lastSeenAt)}</span>
          </Tooltip>
        ) : (
          <span className="device-muted">{t('devices.never')}</span>
        ),
    },
    {
      key: 'activationDate',
      title: t('devices.list.activatedOn'),
      width: 120,
      render: (_, device) => device.activationDate ?? (device.activatedAt ? formatTime(device.activatedAt) : none),
    },
  ];
  if (props.showBinding) {
    columns.splice(1, 0, {
      key: 'binding',
      title: t('devices.field.bindingState'),
      width: 110,
      render: (_, device) => (
        <Tag color={device.binding === 'mine' ? 'green' : undefined}>{t(`devices.binding.${device.binding}`)}</Tag>
      ),
    });
  }

  return (
    <Table<DeviceInfo>
      className="device-table"
      rowKey="id"
      size="middle"
      aria-label={t('devices.list.tableLabel')}
      columns={columns}
      dataSource={props.devices}
      loading={props.loading}
      scroll={{ x: 960 }}
      locale={{ emptyText: props.empty }}
      rowClassName="device-row"
      onRow={(device) => ({
        onClick: (event) => {
          if (!fromControl(event)) props.onOpen(device);
        },
      })}
      pagination={{
        current: view.page,
        pageSize: view.limit,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('devices.list.total', { total, count: total }),
        hideOnSinglePage: false,
      }}
      onChange={(pagination) => {
        const limit = pagination.pageSize ?? view.limit;
        props.onView({ ...view, limit, page: limit !== view.limit ? 1 : (pagination.current ?? 1) });
      }}
    />
  );
}
