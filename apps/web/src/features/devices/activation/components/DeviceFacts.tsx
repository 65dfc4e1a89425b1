import type { DeviceInfo } from '@kerf/contract';
import { Card, Descriptions, type DescriptionsProps, Image, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';

/** Only a web address is shown as a picture; any other text the register holds is shown as text. */
const isPictureAddress = (value: string) => /^(https?:\/\/|\/)/i.test(value);

/**
 * A machine's registry facts (SPEC §3 Device) as the query answers them. Details that belong to an
 * owner (name, responsible person, phone, address) come only for my own machines, and show only then.
 */
export function DeviceFacts({ device, actions }: { device: DeviceInfo; actions?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const none = t('activation.facts.none');
  const time = (iso: string | null) => formatDateTime(iso, locale) || none;
  const text = (value: string | null | undefined) => value?.trim() || none;

  const binding =
    device.bindingState === 'unbound' ? (
      <Tag>{t('activation.facts.unbound')}</Tag>
    ) : device.binding === 'mine' ? (
      <Tag color="processing">{t('activation.facts.boundMine')}</Tag>
    ) : (
      <Tag color="warning">{t('activation.facts.boundOther')}</Tag>
    );

  const items: DescriptionsProps['items'] = [
    { key: 'machineCode', label: t('activation.facts.machineCode'), children: <code>{device.machineCode}</code> },
    { key: 'machineId', label: t('activation.facts.machineId'), children: text(device.machineId) },
    ...(device.name ? [{ key: 'name', label: t('activation.facts.name'), children: device.name }] : []),
    { key: 'boardModel', label: t('activation.facts.boardModel'), children: <code>{device.boardModel}</code> },
    { key: 'boardSerial', label: t('activation.facts.boardSerial'), children: <code>{device.boardSerial}</code> },
    {
      key: 'activationState',
      label: t('activation.facts.activationState'),
      children:
        device.activationState === 'activated' ? (
          <Tag color="success">{t('activation.facts.activated')}</Tag>
        ) : (
          <Tag>{t('activation.facts.notActivated')}</Tag>
        ),
    },
    { key: 'bindingState', label: t('activation.facts.bindingState'), children: binding },
    { key: 'activationDate', label: t('activation.facts.activationDate'), children: text(device.activationDate) },
    { key: 'activatedAt', label: t('activation.facts.activatedAt'), children: time(device.activatedAt) },
    { key: 'boundAt', label: t('activation.facts.boundAt'), children: time(device.boundAt) },
    { key: 'unboundAt', label: t('activation.facts.unboundAt'), children: time(device.unboundAt) },
    { key: 'version', label: t('activation.facts.version'), children: text(device.version) },
    {
      key: 'image',
      label: t('activation.facts.image'),
      children: isPictureAddress(device.image) ? (
        <Image src={device.image} width={96} alt={device.machineCode} />
      ) : (
        text(device.image)
      ),
    },
    ...(['responsiblePerson', 'contactPhone', 'address', 'remark'] as const)
      .filter((key) => device[key])
      .map((key) => ({ key, label: t(`activation.facts.${key}`), children: device[key] })),
  ];

  return (
    <Card className="activation-facts" title={t('activation.facts.title')} size="small">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
      {actions ? <div className="activation-facts__actions">{actions}</div> : null}
    </Card>
  );
}
