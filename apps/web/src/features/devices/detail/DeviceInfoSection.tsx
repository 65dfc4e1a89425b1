import type { DeviceInfo } from '@kerf/contract';
import { Descriptions, type DescriptionsProps, Image, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullTime } from '../../drive/model/format';
import { deviceImageUrl } from '../model/device-naming';
import { DetailSection } from './DetailSection';

/** Every SPEC §3 Device field, texts always as text (names and remarks are never HTML). */
export function DeviceInfoSection({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const none = <span className="device-muted">{t('devices.none')}</span>;
  const text = (value: string | null | undefined): ReactNode => (value?.trim() ? value : none);
  const time = (iso: string | null) => (iso ? formatFullTime(iso) : none);
  const image = deviceImageUrl(device.image);

  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'name', label: t('devices.field.name'), children: text(device.name) },
    { key: 'machineCode', label: t('devices.field.machineCode'), children: text(device.machineCode) },
    { key: 'machineId', label: t('devices.field.machineId'), children: text(device.machineId) },
    { key: 'boardModel', label: t('devices.field.boardModel'), children: text(device.boardModel) },
    { key: 'boardSerial', label: t('devices.field.boardSerial'), children: text(device.boardSerial) },
    { key: 'version', label: t('devices.field.version'), children: text(device.version) },
    {
      key: 'activationState',
      label: t('devices.field.activationState'),
      children: (
        <Tag color={device.activationState === 'activated' ? 'green' : undefined}>
          {t(`devices.activationState.${device.activationState}`)}
        </Tag>
      ),
    },
    {
      key: 'bindingState',
      label: t('devices.field.bindingState'),
      children: (
        <Tag color={device.bindingState === 'bound' ? 'green' : undefined}>
          {t(`devices.bindingState.${device.bindingState}`)}
        </Tag>
      ),
    },
    {
      key: 'activationDate',
      label: t('devices.field.activationDate'),
      children: device.activationDate ?? time(device.activatedAt),
    },
    { key: 'boundAt', label: t('devices.field.boundAt'), children: time(device.boundAt) },
    { key: 'unboundAt', label: t('devices.field.unboundAt'), children: time(device.unboundAt) },
    {
      key: 'power',
      label: t('devices.field.power'),
      children: device.power === null ? none : `${device.power} W`,
    },
    { key: 'responsiblePerson', label: t('devices.field.responsiblePerson'), children: text(device.responsiblePerson) },
    { key: 'contactPhone', label: t('devices.field.contactPhone'), children: text(device.contactPhone) },
    { key: 'address', label: t('devices.field.address'), children: text(device.address), span: 'filled' },
    {
      key: 'remark',
      label: t('devices.field.remark'),
      span: 'filled',
      children: device.remark.trim() ? <span className="device-remark">{device.remark}</span> : none,
    },
    {
      key: 'image',
      label: t('devices.field.image'),
      span: 'filled',
      children: image ? (
        <Image src={image} width={96} alt={t('devices.field.image')} className="device-image" />
      ) : (
        text(device.image)
      ),
    },
  ];

  return (
    <DetailSection title={t('devices.detail.sections.info')}>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
    </DetailSection>
  );
}
