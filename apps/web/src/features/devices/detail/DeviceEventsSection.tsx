import { DEVICE_EVENT_LEVELS, type DeviceEvent, type DeviceEventLevel, PAGE_SIZES } from '@kerf/contract';
import { Button, Empty, Input, Select, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventQuery } from '../../../api/device-api';
import { formatFullTime } from '../../drive/model/format';
import { DetailSection } from './DetailSection';
import { useDeviceEvents } from './use-device-detail';

const LEVEL_COLOUR: Record<DeviceEventLevel, string | undefined> = {
  info: 'blue',
  warning: 'orange',
  fault: 'red',
};
/** The server's bound for an event code (device.schema.ts eventsQuery). */
const CODE_MAX = 32;

/** The machine's event log, newest first, by level and event code, a page at a time. */
export function DeviceEventsSection({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<EventQuery>({ page: 1, limit: 10 });
  const [code, setCode] = useState('');
  const events = useDeviceEvents(deviceId, query);
  const filter = (patch: Partial<EventQuery>) => setQuery((current) => ({ ...current, ...patch, page: 1 }));

  const columns: TableColumnsType<DeviceEvent> = [
    {
      key: 'at',
      title: t('devices.events.at'),
      width: 170,
      render: (_, event) => <span className="device-time">{formatFullTime(event.at)}</span>,
    },
    {
      key: 'level',
      title: t('devices.events.level'),
      width: 90,
      render: (_, event) => <Tag color={LEVEL_COLOUR[event.level]}>{t(`devices.eventLevel.${event.level}`)}</Tag>,
    },
    { key: 'code', title: t('devices.events.code'), dataIndex: 'code', width: 120 },
    {
      key: 'message',
      title: t('devices.events.message'),
      ellipsis: { showTitle: false },
      render: (_, event) => (
        <Tooltip title={event.message}>
          <span>{event.message}</span>
        </Tooltip>
      ),
    },
  ];

  const filters = (
    <search className="device-event-filters" aria-label={t('devices.detail.sections.events')}>
      <Select
        allowClear
        className="device-event-filters__level"
        placeholder={t('devices.events.allLevels')}
        aria-label={t('devices.events.levelFilter')}
        value={query.level}
        options={DEVICE_EVENT_LEVELS.map((level) => ({ value: level, label: t(`devices.eventLevel.${level}`) }))}
        onChange={(level?: DeviceEventLevel) => filter({ level })}
      />
      <Input.Search
        allowClear
        className="device-event-filters__code"
        placeholder={t('devices.events.codeFilter')}
        aria-label={t('devices.events.codeFilter')}
        maxLength={CODE_MAX}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (!event.target.value && query.code) filter({ code: undefined });
        }}
        onSearch={(value) => filter({ code: value.trim() || undefined })}
      />
    </search>
  );

  const empty = events.isError ? (
    <Empty description={t('devices.events.failed')}>
      <Button onClick={() => void events.refetch()}>{t('devices.detail.retry')}</Button>
    </Empty>
  ) : (
    t('devices.events.empty')
  );

  return (
    <DetailSection title={t('devices.detail.sections.events')} extra={filters}>
      <Table<DeviceEvent>
        rowKey="id"
        size="small"
        aria-label={t('devices.events.tableLabel')}
        columns={columns}
        dataSource={events.data?.list ?? []}
        loading={events.isFetching && (events.isPlaceholderData || !events.data)}
        scroll={{ x: 640 }}
        locale={{ emptyText: empty }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: events.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          hideOnSinglePage: (events.data?.total ?? 0) <= PAGE_SIZES[0],
        }}
        onChange={(pagination) => {
          const limit = pagination.pageSize ?? query.limit;
          setQuery((current) => ({ ...current, limit, page: limit !== current.limit ? 1 : (pagination.current ?? 1) }));
        }}
      />
    </DetailSection>
  );
}
