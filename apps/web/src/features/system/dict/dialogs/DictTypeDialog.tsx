import { DICT_LIMITS, DICT_STATUSES, type DictType, type DictTypeInput } from '@kerf/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveDictType } from '../../../../api/dict-api';
import { useSettings } from '../../../../stores/settings-store';
import { trimmed } from '../../shared/trimmed';
import { useSaving } from '../../shared/use-saving';
import { typeFormOf, typeKeyProblem } from '../model/dict-forms';

/** Adds a dictionary or changes one (a built-in dictionary keeps its type key). */
export function DictTypeDialog({ type, onClose, onSaved }: { type?: DictType; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<DictTypeInput>();
  const { busy, failure, run } = useSaving(onSaved, onClose);

  const save = async () => {
    const values = trimmed(await form.validateFields());
    await run(() => saveDictType({ ...values, id: type?.id }));
  };

  return (
    <Modal
      open
      title={t(type ? 'system.dict.editType' : 'system.dict.addType')}
      okText={t('store.object.save')}
      cancelText={t('drive.dialog.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="dict-dialog"
    >
      <Form form={form} layout="vertical" initialValues={typeFormOf(type)} disabled={busy}>
        <Form.Item
          name="dictType"
          label={t('system.dict.dictType')}
          extra={t('system.dict.typeHint')}
          rules={[{ validator: async (_, value: string) => void assertOk(typeKeyProblem(value ?? '', locale)) }]}
        >
          <Input maxLength={DICT_LIMITS.typeMax} disabled={type?.builtin} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="nameCn"
          label={t('system.dict.nameCn')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system.dict.required', { field: t('system.dict.nameCn') }),
            },
          ]}
        >
          <Input maxLength={DICT_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('system.dict.nameEn')}>
          <Input maxLength={DICT_LIMITS.nameMax} />
        </Form.Item>
        <StatusField />
        <Form.Item name="remark" label={t('system.dict.remark')}>
          <Input.TextArea maxLength={DICT_LIMITS.remarkMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {failure ? (
        <div className="dict-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}

/** Throws the problem for the form to show under its field. */
function assertOk(problem: string | null) {
  if (problem) throw new Error(problem);
}

/** In use or off, as RuoYi's status radio. */
export function StatusField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={t('system.dict.status')}>
      <Radio.Group
        options={DICT_STATUSES.map((status) => ({ value: status, label: t(`system.dict.statuses.${status}`) }))}
      />
    </Form.Item>
  );
}
