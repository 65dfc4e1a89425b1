import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { DEVICE_PERMISSIONS, type DeviceDetail, deviceMessages } from '@kerf/contract';
import { Alert, Button, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequestError } from '../../../api/request';
import { useCan } from '../../../app/access/use-can';
import { LinkButton } from '../../../app/components/LinkButton';
import { useSettings } from '../../../stores/settings-store';
import { DeviceStateBadge } from '../components/DeviceStateBadge';
import { LiveIndicator } from '../components/LiveIndicator';
import '../components/devices.css';
import { deviceTitle } from '../model/device-naming';
import { CommandHistoryTable } from './CommandHistoryTable';
import { DeviceControlPanel } from './DeviceControlPanel';
import { DeviceEditDialog } from './DeviceEditDialog';
import { DeviceEventsSection } from './DeviceEventsSection';
import { DeviceHistorySection } from './DeviceHistorySection';
import { DeviceInfoSection } from './DeviceInfoSection';
import { DeviceJobsSection } from './DeviceJobsSection';
import { DeviceStatusCard } from './DeviceStatusCard';
import { useDeviceActions } from './use-device-actions';
import { useDeviceCommands, useDeviceDetail, useDeviceDetailLive } from './use-device-detail';

/** A machine that does not exist for me: unknown, unbound, someone else's, or an id that is no id (400). */
function isNotFound(error: unknown): boolean {
  return error instanceof RequestError && (error.code === 404 || error.code === 400);
}

function BackToList({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <LinkButton type={primary ? 'primary' : 'default'} icon={<ArrowLeftOutlined />} to="/device">
      {t('devices.detail.back')}
    </LinkButton>
  );
}

/**
 * /device/detail?id=… (SPEC §2): one machine's live state and telemetry, remote control with the
 * commands' history, every SPEC §3 field, edit (name and power), delete (unbind), the jobs sent to it,
 * its event log, and its binding and motherboard history.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  if (!id) {
    return (
      <Result
        status="info"
        title={t('devices.detail.noId')}
        subTitle={t('devices.detail.noIdHint')}
        extra={<BackToList primary />}
      />
    );
  }
  // another machine is another page: nothing of the last one (dialogs, paging, filters) carries over
  return <DeviceDetailView key={id} id={id} />;
}

function DeviceDetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const detail = useDeviceDetail(id);

  if (detail.error && isNotFound(detail.error)) {
    return (
      <Result
        status="404"
        title={deviceMessages.notFound[locale]}
        subTitle={t('devices.detail.notFoundHint')}
        extra={<BackToList primary />}
      />
    );
  }
  if (!detail.data) {
    if (detail.isError) {
      return (
        <Result
          status="error"
          title={t('devices.detail.failed')}
          extra={
            <Space>
              <Button type="primary" onClick={() => void detail.refetch()}>
                {t('devices.detail.retry')}
              </Button>
              <BackToList />
            </Space>
          }
        />
      );
    }
    return (
      <div className="device-loading" role="status" aria-live="polite">
        <Spin />
        <span>{t('devices.detail.loading')}</span>
      </div>
    );
  }
  return <DeviceDetailContent detail={detail.data} />;
}

function DeviceDetailContent({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const mine = detail.binding === 'mine';
  // the server lets only the owner edit, unbind or command a machine, even an administrator looking at it
  const mayEdit = mine && can.permission(DEVICE_PERMISSIONS.edit);
  const mayControl = mine && can.permission(DEVICE_PERMISSIONS.control);
  const scope = !mine && can.permission(DEVICE_PERMISSIONS.fleet) ? 'all' : 'mine';
  const live = useDeviceDetailLive(detail.id, scope);
  const commands = useDeviceCommands(detail.id, live);
  const actions = useDeviceActions(detail);
  const title = deviceTitle(detail);

  return (
    <article className="device-page device-detail" aria-labelledby="device-detail-title">
      <header className="device-page__head">
        <BackToList />
        <h1 id="device-detail-title" className="device-page__title">
          {title}
        </h1>
        <DeviceStateBadge state={detail.state} since={detail.stateSince} />
        <LiveIndicator status={live} />
        {mayEdit ? (
          <Space wrap className="device-page__actions">
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('devices.detail.edit')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={actions.unbind}>
              {t('devices.detail.unbind')}
            </Button>
          </Space>
        ) : null}
      </header>
      {!mine ? <Alert type="info" showIcon title={t('devices.detail.othersMachine')} /> : null}
      <div className="device-detail__top">
        <DeviceStatusCard device={detail} />
        {mine ? <DeviceControlPanel device={detail} allowed={mayControl} onCommand={actions.command} /> : null}
      </div>
      <CommandHistoryTable commands={commands.data ?? []} loading={commands.isLoading} />
      <DeviceInfoSection device={detail} />
      <DeviceJobsSection deviceId={detail.id} deviceState={detail.state} />
      <DeviceEventsSection deviceId={detail.id} />
      <DeviceHistorySection detail={detail} />
      {editing ? <DeviceEditDialog device={detail} onClose={() => setEditing(false)} /> : null}
    </article>
  );
}
