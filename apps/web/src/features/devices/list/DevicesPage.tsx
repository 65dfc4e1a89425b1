import { ClusterOutlined, FilterOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEVICE_PERMISSIONS, type DeviceLiveMessage } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Segmented, Space, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../app/access/use-can';
import { LinkButton } from '../../../app/components/LinkButton';
import { LiveIndicator } from '../components/LiveIndicator';
import { useApplyLiveState, useDeviceQueryKeys } from '../hooks/use-device-cache';
import '../components/devices.css';
import { useDeviceLive } from '../hooks/use-device-live';
import { activeFilterCount, listQueryOf } from '../model/device-list-view';
import { deviceDetailPath } from '../model/device-naming';
import { DeviceFilterBar } from './DeviceFilterBar';
import { DeviceStateSummary } from './DeviceStateSummary';
import { DeviceTable } from './DeviceTable';
import { useDeviceList, useDeviceStateCounts } from './use-device-list';
import { useDeviceListView } from './use-device-list-view';

/**
 * /device (SPEC §2): my machines with their live state, filtered by state, model and words, a page at a
 * time. Administrators of the fleet may switch to every machine. State changes arrive over the live
 * socket and are written into the rows already on screen; after a reconnect the list is read again,
 * since changes may have been missed while the socket was down.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const client = useQueryClient();
  const keys = useDeviceQueryKeys();
  const maySeeFleet = can.permission(DEVICE_PERMISSIONS.fleet);
  const mayActivate = can.permission(DEVICE_PERMISSIONS.activate);
  const { view, go, setFilters, clearFilters, setScope } = useDeviceListView();
  const query = listQueryOf(view, maySeeFleet);
  const scope = query.scope ?? 'mine';
  const list = useDeviceList(query);
  const counts = useDeviceStateCounts(scope, can.permission(DEVICE_PERMISSIONS.stats));
  const applyLiveState = useApplyLiveState(scope);

  const onLive = useCallback(
    (message: DeviceLiveMessage) => {
      if (message.type === 'state') applyLiveState(message);
    },
    [applyLiveState],
  );
  const readAgain = useCallback(() => {
    void client.invalidateQueries({ queryKey: keys.lists });
    void client.invalidateQueries({ queryKey: keys.summary(scope) });
  }, [client, keys, scope]);
  const live = useDeviceLive(onLive, { scope, onOpen: readAgain });

  const devices = useMemo(() => list.data?.list ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const filtered = activeFilterCount(view) > 0;
  // with no machine at all the empty table offers the activation: one button of that name on the page
  const noMachines = !!list.data && !list.isError && total === 0 && !filtered && scope === 'mine';

  // after the last machine of the last page went (unbound elsewhere), show the page before
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && total > 0 && view.page > 1) {
      go({ ...view, page: Math.max(1, Math.ceil(total / view.limit)) });
    }
  }, [list.data, total, view, go]);

  const activateButton = () =>
    mayActivate ? (
      <LinkButton type="primary" icon={<PlusOutlined />} to="/activate/bind">
        {t('devices.list.activate')}
      </LinkButton>
    ) : null;

  const empty = list.isError ? (
    <Empty description={t('devices.list.empty.failed')}>
      <Button onClick={() => void list.refetch()}>{t('devices.list.empty.retry')}</Button>
    </Empty>
  ) : !list.data ? (
    <div className="device-loading" role="status" aria-live="polite">
      {t('devices.list.empty.loading')}
    </div>
  ) : filtered ? (
    <Empty image={<FilterOutlined className="device-empty__icon" />} description={t('devices.list.empty.filtered')}>
      <Button onClick={clearFilters}>{t('devices.list.filters.clear')}</Button>
    </Empty>
  ) : scope === 'all' ? (
    <Empty description={t('devices.list.empty.noneAll')} />
  ) : (
    <Empty
      image={<ClusterOutlined className="device-empty__icon" />}
      description={
        <>
          <span className="device-empty__title">{t('devices.list.empty.none')}</span>
          <span className="device-empty__hint">{t('devices.list.empty.noneHint')}</span>
        </>
      }
    >
      {activateButton()}
    </Empty>
  );

  const title = scope === 'all' ? t('devices.list.allTitle') : t('devices.list.title');

  return (
    <section className="device-page" aria-labelledby="device-list-title">
      <header className="device-page__head">
        <h1 id="device-list-title" className="device-page__title">
          {title}
        </h1>
        <LiveIndicator status={live} />
        <Space wrap className="device-page__actions">
          {maySeeFleet ? (
            <Segmented
              aria-label={t('devices.list.scopeLabel')}
              value={scope}
              onChange={(value) => setScope(value)}
              options={[
                { value: 'mine' as const, label: t('devices.list.scopeMine') },
                { value: 'all' as const, label: t('devices.list.scopeAll') },
              ]}
            />
          ) : null}
          <Tooltip title={t('devices.list.refresh')}>
            <Button aria-label={t('devices.list.refresh')} icon={<ReloadOutlined />} onClick={readAgain} />
          </Tooltip>
          {noMachines ? null : activateButton()}
        </Space>
      </header>
      {counts.data && !noMachines ? (
        <DeviceStateSummary counts={counts.data} active={view.state} onPick={(state) => setFilters({ state })} />
      ) : null}
      <DeviceFilterBar filters={view} models={list.data?.models ?? []} onChange={setFilters} onClear={clearFilters} />
      <DeviceTable
        devices={devices}
        total={total}
        loading={list.isFetching && (list.isPlaceholderData || !list.data)}
        view={view}
        showBinding={scope === 'all'}
        empty={empty}
        onView={go}
        onOpen={(device) => void navigate(deviceDetailPath(device.id))}
      />
    </section>
  );
}
