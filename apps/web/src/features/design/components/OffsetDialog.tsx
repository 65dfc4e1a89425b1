import { App, Form, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { designZhCN } from '../../../i18n/design.zh-CN';
import { useEditor } from '../hooks/use-editor';
import { offsetSelection } from '../model/actions/path-actions';
import type { OffsetJoin } from '../model/geometry/booleans';

interface OffsetForm {
  distance: number;
  direction: 'outward' | 'inward';
  join: OffsetJoin;
}

/** Offset the selected shapes outward or inward with round, miter or square corners (copies are added). */
export function OffsetDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const [form] = Form.useForm<OffsetForm>();
  const o = (key: keyof (typeof designZhCN)['offset']) => t(`design.offset.${key}`);

  const apply = ({ distance, direction, join }: OffsetForm) => {
    if (editor.state.selection.length === 0) {
      void message.warning(o('needsShape'));
      return;
    }
    const made = offsetSelection(editor, direction === 'inward' ? -distance : distance, join);
    if (!made) {
      void message.warning(o('nothing'));
      return;
    }
    onClose();
  };

  return (
    <Modal
      open
      title={o('title')}
      okText={o('apply')}
      cancelText={o('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={360}
      destroyOnHidden
    >
      <Form<OffsetForm>
        form={form}
        layout="vertical"
        initialValues={{ distance: 1, direction: 'outward', join: 'round' }}
        onFinish={apply}
      >
        <Form.Item name="distance" label={o('distance')} rules={[{ required: true }]}>
          <InputNumber min={0.01} max={1000} step={0.1} precision={2} suffix="mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="direction">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'outward', label: o('outward') },
              { value: 'inward', label: o('inward') },
            ]}
          />
        </Form.Item>
        <Form.Item name="join" label={o('join')}>
          <Radio.Group
            optionType="button"
            options={(['round', 'miter', 'square'] as const).map((value) => ({ value, label: o(value) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
