import { DEVICE_LIMITS, type DeviceInfo } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveDevice } from '../../../api/device-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { plainNumber } from '../../../app/components/plain-number';
import { useSettings } from '../../../stores/settings-store';
import { DEVICE_KEY } from '../hooks/use-device-key';
import {
  checkDeviceEdit,
  type DeviceEditValues,
  deviceNameProblem,
  devicePowerProblem,
} from '../model/device-edit-form';

/**
 * Renames the machine and sets its power (SPEC §2 /device/detail "edit name and power"). The rules are
 * the contract's (name not empty, power above 0), with the server's words, checked as the person types.
 */
export function DeviceEditDialog({ device, onClose }: { device: DeviceInfo; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const client = useQueryClient();
  const [form] = Form.useForm<DeviceEditValues>();
  const [busy, setBusy] = useState(false);

  const save = async (values: DeviceEditValues) => {
    const checked = checkDeviceEdit(values, locale);
    if (!checked.ok) return;
    setBusy(true);
    try {
      void message.success(await saveDevice({ id: device.id, name: checked.name, power: checked.power }));
      onClose();
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    } finally {
      setBusy(false);
      // the detail, the list rows and any statistics naming the machine
      void client.invalidateQueries({ queryKey: DEVICE_KEY });
    }
  };

  /** A form rule from a contract rule's words (null: fine). */
  const rule = <T,>(problemOf: (value: T) => string | null) => ({
    validator: async (_: unknown, value: T) => {
      const problem = problemOf(value);
      if (problem) throw new Error(problem);
    },
  });

  return (
    <Modal
      open
      title={t('devices.edit.title')}
      okText={t('devices.edit.save')}
      cancelText={t('devices.edit.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<DeviceEditValues>
        form={form}
        layout="vertical"
        name="device-edit"
        initialValues={{ name: device.name, power: device.power }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={t('devices.edit.name')}
          rules={[rule((value: string) => deviceNameProblem(value, locale))]}
        >
          <Input
            placeholder={t('devices.edit.namePlaceholder')}
            maxLength={DEVICE_LIMITS.nameMax}
            showCount
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="power"
          label={t('devices.edit.power')}
          rules={[rule((value: number | null) => devicePowerProblem(value, locale))]}
        >
          <InputNumber<number>
            className="device-edit__power"
            placeholder={t('devices.edit.powerPlaceholder')}
            suffix="W"
            formatter={plainNumber}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
