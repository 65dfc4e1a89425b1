import { craftIssueText, type Locale } from '@kerf/contract';
import type { Layer } from '@kerf/laser';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZodError } from 'zod';
import { type CraftLabels, craftFromLayer } from '../model/layers/craft-layer';

interface Props {
  layer: Layer;
  onSave(craft: ReturnType<typeof craftFromLayer>): Promise<void>;
  onClose(): void;
}

/** Saves the active layer's settings as a new personal craft, checked by the craft libraries' rules. */
export function SaveCraftDialog({ layer, onSave, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<CraftLabels>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const labels = await form.validateFields();
    try {
      const craft = craftFromLayer(layer, { ...labels, thickness: labels.thickness ?? null });
      setBusy(true);
      await onSave(craft);
    } catch (failure) {
      if (failure instanceof ZodError) {
        const issue = failure.issues[0];
        setError(craftIssueText(issue?.message, i18n.language as Locale));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('design.craft.saveTitle')}
      okText={t('design.craft.save')}
      cancelText={t('design.save.cancel')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ powerClass: 60, name: layer.name }}>
        <Form.Item name="material" label={t('design.craft.material')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="thickness" label={t('design.craft.thickness')}>
          <InputNumber min={0.01} max={100} addonAfter="mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="name" label={t('design.craft.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="powerClass" label={t('design.craft.powerClass')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100000} precision={0} addonAfter="W" style={{ width: '100%' }} />
        </Form.Item>
        {error ? (
          <div className="design-craft-error" role="alert">
            {error}
          </div>
        ) : null}
      </Form>
    </Modal>
  );
}
