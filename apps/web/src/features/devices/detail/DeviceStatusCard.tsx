import type { DeviceInfo, DeviceRuntimeState } from '@kerf/contract';
import { Descriptions, type DescriptionsProps, Progress, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFullTime, formatTime } from '../../drive/model/format';
import { DeviceStateBadge } from '../components/DeviceStateBadge';
import { percentOf, readTelemetry, roundedNumber } from '../model/device-telemetry';
import { DetailSection } from './DetailSection';

/** States in which the last telemetry is no longer the machine's present. */
const NOT_PRESENT: ReadonlySet<DeviceRuntimeState> = new Set(['offline', 'softShutdown', 'noResponse']);
const KNOWN_TEMPERATURES = new Set(['water', 'tube']);

/** The machine's state now and its last telemetry: power, power limit, job progress, speed, temperatures. */
export function DeviceStatusCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const reading = readTelemetry(device.telemetry);
  const temperatureName = (name: string) =>
    KNOWN_TEMPERATURES.has(name) ? t(`devices.telemetry.temperatureName.${name as 'water' | 'tube'}`) : name;

  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'state',
      label: t('devices.field.state'),
      children: <DeviceStateBadge state={device.state} since={device.stateSince} />,
    },
    {
      key: 'lastSeen',
      label: t('devices.field.lastSeen'),
      children: device.lastSeenAt ? (
        <Tooltip title={formatFullTime(device.lastSeenAt)}>
          <span>{formatTime(device.lastSeenAt)}</span>
        </Tooltip>
      ) : (
        t('devices.never')
      ),
    },
  ];
  if (reading.power !== undefined)
    items.push({ key: 'power', label: t('devices.telemetry.power'), children: `${roundedNumber(reading.power)} W` });
  if (reading.powerLimit !== undefined)
    items.push({
      key: 'powerLimit',
      label: t('devices.telemetry.powerLimit'),
      children: `${roundedNumber(reading.powerLimit)}%`,
    });
  if (reading.speed !== undefined)
    items.push({ key: 'speed', label: t('devices.telemetry.speed'), children: `${roundedNumber(reading.speed)} mm/s` });
  if (reading.progress !== undefined)
    items.push({
      key: 'progress',
      label: t('devices.telemetry.progress'),
      span: 'filled',
      children: (
        <Progress
          percent={percentOf(reading.progress)}
          status={device.state === 'running' ? 'active' : 'normal'}
          aria-label={t('devices.telemetry.progress')}
        />
      ),
    });
  if (reading.temperatures.length)
    items.push({
      key: 'temperatures',
      label: t('devices.telemetry.temperatures'),
      span: 'filled',
      children: (
        <span className="device-temperatures">
          {reading.temperatures.map(({ name, celsius }) => (
            <span key={name} className="device-temperatures__item">
              {temperatureName(name)} {roundedNumber(celsius)} °C
            </span>
          ))}
        </span>
      ),
    });

  const hasTelemetry = items.length > 2;
  return (
    <DetailSection title={t('devices.detail.sections.status')} className="device-status">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />
      {!hasTelemetry ? (
        <Typography.Text type="secondary">{t('devices.telemetry.none')}</Typography.Text>
      ) : NOT_PRESENT.has(device.state) ? (
        <Typography.Text type="secondary">{t('devices.telemetry.stale')}</Typography.Text>
      ) : null}
    </DetailSection>
  );
}
