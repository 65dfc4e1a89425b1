import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfigInput, type ConfigItem, saveConfig } from '../../../../api/config-api';
import { useSettings } from '../../../../stores/settings-store';
import { useSaving } from '../../shared/use-saving';
import { CONFIG_LIMITS, configFormOf, configKeyProblem, isSwitch, trimmedInput } from '../model/config-form';

/**
 * Adds a parameter or changes one. A built-in parameter keeps its key (the field is locked, the server
 * refuses too); a built-in switch offers true and false only.
 */
export function ConfigDialog({ item, onClose, onSaved }: { item?: ConfigItem; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<ConfigInput>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const [initial] = useState(() => configFormOf(item));
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('sysmMonitor.config.required', { field }),
  });

  const save = async () => {
    const values = trimmedInput(await form.validateFields());
    await run(() => saveConfig({ ...values, id: item?.id }));
  };

  return (
    <Modal
      open
      title={t(item ? 'sysmMonitor.config.editTitle' : 'sysmMonitor.config.addTitle')}
      okText={t('sysmMonitor.config.save')}
      cancelText={t('sysmMonitor.common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="config-dialog"
    >
      <Form form={form} name="config-dialog" layout="vertical" initialValues={initial} disabled={busy}>
        <Form.Item
          name="configName"
          label={t('sysmMonitor.config.name')}
          rules={[required(t('sysmMonitor.config.name'))]}
        >
          <Input maxLength={CONFIG_LIMITS.nameMax} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="configKey"
          label={t('sysmMonitor.config.key')}
          extra={t(item?.builtin ? 'sysmMonitor.config.builtinKeyHint' : 'sysmMonitor.config.keyHint')}
          rules={[
            {
              validator: async (_, value: string) => {
                const problem = configKeyProblem(value ?? '', locale);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input maxLength={CONFIG_LIMITS.keyMax} disabled={item?.builtin} autoComplete="off" />
        </Form.Item>
        <Form.Item name="configValue" label={t('sysmMonitor.config.value')}>
          {isSwitch(item) ? (
            <Radio.Group
              options={[
                { value: 'true', label: t('sysmMonitor.config.on') },
                { value: 'false', label: t('sysmMonitor.config.off') },
              ]}
            />
          ) : (
            <Input.TextArea maxLength={CONFIG_LIMITS.valueMax} autoSize={{ minRows: 1, maxRows: 6 }} />
          )}
        </Form.Item>
        <Form.Item name="remark" label={t('sysmMonitor.config.remark')}>
          <Input.TextArea maxLength={CONFIG_LIMITS.remarkMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {failure ? (
        <div className="config-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
