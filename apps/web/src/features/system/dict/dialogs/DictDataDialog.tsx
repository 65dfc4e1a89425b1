import { DICT_LIMITS, DICT_LIST_CLASSES, type DictData, type DictDataInput } from '@kerf/contract';
import { Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveDictData } from '../../../../api/dict-api';
import { DictTag } from '../../../../app/dict/DictTag';
import { dictView } from '../../../../app/dict/dict-labels';
import { useSettings } from '../../../../stores/settings-store';
import { trimmed } from '../../shared/trimmed';
import { useSaving } from '../../shared/use-saving';
import { dataFormOf } from '../model/dict-forms';
import { StatusField } from './DictTypeDialog';

/** Adds an entry to a dictionary or changes one, with a live preview of its tag. */
export function DictDataDialog({
  dictType,
  entry,
  shown,
  onClose,
  onSaved,
}: {
  dictType: string;
  entry?: DictData;
  /** The entries on screen: a new one goes after them. */
  shown: readonly DictData[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<DictDataInput>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const watched = Form.useWatch([], form) as DictDataInput | undefined;
  const required = (field: string) => [
    {
      required: true,
      whitespace: true,
      message: t('system.dict.required', { field: t(field as 'system.dict.value') }),
    },
  ];

  const save = async () => {
    const values = trimmed(await form.validateFields());
    await run(() => saveDictData({ ...values, dictType, id: entry?.id }));
  };

  const preview = watched ? dictView([{ ...(watched as DictData), value: 'preview' }], 'preview', locale) : undefined;

  return (
    <Modal
      open
      title={t(entry ? 'system.dict.editData' : 'system.dict.addData')}
      okText={t('store.object.save')}
      cancelText={t('drive.dialog.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="dict-dialog"
    >
      <Form form={form} layout="vertical" initialValues={dataFormOf(dictType, entry, shown)} disabled={busy}>
        <Form.Item label={t('system.dict.dictType')}>
          <Input value={dictType} disabled />
        </Form.Item>
        <Space.Compact block className="dict-dialog__pair">
          <Form.Item name="labelCn" label={t('system.dict.labelCn')} rules={required('system.dict.labelCn')}>
            <Input maxLength={DICT_LIMITS.labelMax} />
          </Form.Item>
          <Form.Item name="labelEn" label={t('system.dict.labelEn')}>
            <Input maxLength={DICT_LIMITS.labelMax} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="value" label={t('system.dict.value')} rules={required('system.dict.value')}>
          <Input maxLength={DICT_LIMITS.valueMax} autoComplete="off" />
        </Form.Item>
        <Space.Compact block className="dict-dialog__pair">
          <Form.Item name="listClass" label={t('system.dict.listClass')}>
            <Select
              options={DICT_LIST_CLASSES.map((listClass) => ({
                value: listClass,
                label: listClass ? (
                  <DictTag
                    view={dictView(
                      [{ listClass, labelCn: listClass, labelEn: listClass, value: listClass } as DictData],
                      listClass,
                      locale,
                    )}
                  />
                ) : (
                  '—'
                ),
              }))}
            />
          </Form.Item>
          <Form.Item name="cssClass" label={t('system.dict.cssClass')}>
            <Input maxLength={DICT_LIMITS.cssClassMax} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block className="dict-dialog__pair">
          <Form.Item name="sort" label={t('system.dict.sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <StatusField />
        </Space.Compact>
        <Form.Item name="remark" label={t('system.dict.remark')}>
          <Input.TextArea maxLength={DICT_LIMITS.remarkMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {preview && watched?.labelCn ? (
          <Form.Item label={t('system.dict.preview')}>
            <DictTag view={preview} />
          </Form.Item>
        ) : null}
      </Form>
      {failure ? (
        <div className="dict-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
