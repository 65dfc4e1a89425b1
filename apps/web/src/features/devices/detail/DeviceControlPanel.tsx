import { CaretRightOutlined, PauseOutlined, StepForwardOutlined, StopOutlined } from '@ant-design/icons';
import type { DeviceCommandKind, DeviceInfo } from '@kerf/contract';
import { Alert, Button, Form, InputNumber, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandInput } from '../../../api/device-api';
import { useSettings } from '../../../stores/settings-store';
import { powerLimitProblem } from '../model/device-edit-form';
import { commandsFor } from '../model/device-state';
import { readTelemetry } from '../model/device-telemetry';
import { DetailSection } from './DetailSection';

type SimpleKind = Exclude<DeviceCommandKind, 'setPowerLimit' | 'sendJob'>;

const ICONS: Record<SimpleKind, ReactNode> = {
  start: <CaretRightOutlined />,
  pause: <PauseOutlined />,
  resume: <StepForwardOutlined />,
  stop: <StopOutlined />,
};

export interface DeviceControlPanelProps {
  device: DeviceInfo;
  /** Whether this person may control this machine (the permission, and the machine is theirs). */
  allowed: boolean;
  /** Resolves true when the cloud accepted the command. */
  onCommand(input: CommandInput): Promise<boolean>;
}

/**
 * Remote control (SPEC §2 /device/detail): only the commands that make sense in the machine's state
 * (commandsFor), so a paused machine offers "resume" and an offline one offers nothing, with the reason.
 * Stopping a job asks first; the power limit takes a percent of 1–100 (the contract's rule).
 */
export function DeviceControlPanel({ device, allowed, onCommand }: DeviceControlPanelProps) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [busy, setBusy] = useState<DeviceCommandKind | null>(null);
  const [form] = Form.useForm<{ percent: number | null }>();
  const offered = commandsFor(device.state);
  const simple = offered.filter((kind): kind is SimpleKind => kind !== 'setPowerLimit' && kind !== 'sendJob');

  const send = async (input: CommandInput) => {
    setBusy(input.kind);
    try {
      return await onCommand(input);
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (!allowed) {
    body = <Alert type="info" showIcon title={t('devices.control.noPermission')} />;
  } else if (!offered.length) {
    const reason = (['offline', 'softShutdown', 'noResponse'] as const).find((state) => state === device.state);
    body = <Alert type="warning" showIcon title={t(`devices.control.unavailable.${reason ?? 'other'}`)} />;
  } else {
    const button = (kind: SimpleKind) => {
      const label = t(`devices.command.kind.${kind}`);
      const props = {
        icon: ICONS[kind],
        loading: busy === kind,
        danger: kind === 'stop',
        type: kind === 'stop' ? ('default' as const) : ('primary' as const),
      };
      if (kind !== 'stop') {
        return (
          <Button key={kind} {...props} onClick={() => void send({ kind })}>
            {label}
          </Button>
        );
      }
      return (
        <Popconfirm
          key={kind}
          title={t('devices.control.stopConfirm')}
          okText={t('devices.control.stopOk')}
          cancelText={t('devices.detail.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => send({ kind })}
        >
          <Button {...props}>{label}</Button>
        </Popconfirm>
      );
    };
    body = (
      <div className="device-control">
        {simple.length ? (
          <Space wrap role="group" aria-label={t('devices.control.label')}>
            {simple.map(button)}
          </Space>
        ) : null}
        {offered.includes('setPowerLimit') ? (
          <Form
            form={form}
            layout="inline"
            className="device-control__limit"
            initialValues={{ percent: readTelemetry(device.telemetry).powerLimit ?? 100 }}
            onFinish={({ percent }) => void send({ kind: 'setPowerLimit', percent: percent as number })}
          >
            <Form.Item
              name="percent"
              label={t('devices.control.powerLimit')}
              rules={[
                {
                  validator: async (_, value: number | null) => {
                    const problem = powerLimitProblem(value, locale);
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              {/* no min/max: the box would quietly clamp 0 to 1, where the rule's own words should say why */}
              <InputNumber<number> step={1} suffix="%" className="device-control__percent" />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" loading={busy === 'setPowerLimit'}>
                {t('devices.control.powerLimitApply')}
              </Button>
            </Form.Item>
          </Form>
        ) : null}
      </div>
    );
  }

  return (
    <DetailSection title={t('devices.detail.sections.control')} className="device-control-section">
      {body}
    </DetailSection>
  );
}
