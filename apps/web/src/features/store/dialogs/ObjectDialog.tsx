import {
  CURRENCIES,
  type Currency,
  ENTRY_NAME_MAX,
  OBJECT_LICENCES,
  OBJECT_LIMITS,
  type ObjectAttachmentKind,
  type ObjectInfo,
  type ObjectLicence,
  objectMessages,
} from '@kerf/contract';
import { App, Form, Input, Modal, Progress, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createObject,
  getObject,
  isObjectNameFree,
  saveObjectPrice,
  updateObject,
  uploadAttachments,
} from '../../../api/object-api';
import { messageOf } from '../../../api/request';
import { settingsStore, useSettings } from '../../../stores/settings-store';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { CraftPicker } from '../components/CraftPicker';
import {
  type AttachmentItem,
  emptyForm,
  type FormProblem,
  fileProblem,
  formOf,
  formProblems,
  type ObjectFormValues,
} from '../model/object-form';
import { ObjectSaveError, type SaveStep, saveObject } from '../model/object-save';
import '../store.css';

/** A new object in a folder, or one of mine to edit. */
export type ObjectDialogTarget = { folderId: string; folderPath: string } | { objectId: string };

const saveCalls = {
  create: createObject,
  update: updateObject,
  upload: uploadAttachments,
  savePrice: saveObjectPrice,
};

/**
 * SPEC §3 object upload form: name, drawings and effect images, what buyers are told, price and
 * listing. Saving follows SPEC §4 (details → drawings → effect images → price) with progress; a
 * failure says which step failed (上传图纸失败, 上传效果图失败, 保存失败) with the server's reason,
 * and the next save continues with the same object.
 */
export function ObjectDialog({
  target,
  onClose,
  onSaved,
}: {
  target: ObjectDialogTarget;
  onClose(): void;
  onSaved(info: ObjectInfo): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const [form] = Form.useForm<ObjectFormValues>();
  const editing = 'objectId' in target;
  const [loaded, setLoaded] = useState<ObjectInfo | null>(null);
  const [papers, setPapers] = useState<AttachmentItem[]>([]);
  const [previews, setPreviews] = useState<AttachmentItem[]>([]);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [progress, setProgress] = useState<{ step: SaveStep; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The id the first save answered (SPEC §4): later saves of this form continue with it.
  const savedId = useRef<string | undefined>(editing ? target.objectId : undefined);
  const saving = progress !== null;

  useEffect(() => {
    if (!editing) {
      form.setFieldsValue(emptyForm(settingsStore.getState().currency).values);
      return;
    }
    let live = true;
    getObject(target.objectId)
      .then((info) => {
        if (!live) return;
        const filled = formOf(info);
        setLoaded(info);
        form.setFieldsValue(filled.values);
        setPapers(filled.papers);
        setPreviews(filled.previews);
      })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
        onClose();
      });
    return () => {
      live = false;
    };
  }, [editing, target, form, message, onClose]);

  const folderId = editing ? (loaded?.folderId ?? '0') : target.folderId;
  const folderPath = editing ? (loaded?.filePath ?? '/') : target.folderPath;
  const problemOf = (field: FormProblem['field']) => problems.find((p) => p.field === field)?.text[locale];

  const pick = (kind: ObjectAttachmentKind) => (file: File) => {
    const problem = fileProblem(kind, file);
    if (problem) void message.error(`${file.name}: ${problem[locale]}`);
    return !problem;
  };

  const save = async () => {
    // SPEC §4: a second save while the first is under way would submit twice.
    if (saving) {
      void message.warning(objectMessages.duplicateSubmit[locale]);
      return;
    }
    const values = form.getFieldsValue(true) as ObjectFormValues;
    const found = formProblems({ values, papers, previews });
    setProblems(found);
    setFailure(null);
    if (found.length) return;
    if (!(await isObjectNameFree(folderId, values.fileName.trim(), savedId.current))) {
      setProblems([{ field: 'fileName', text: objectMessages.nameExists }]);
      return;
    }
    setProgress({ step: 'details', fraction: 0 });
    try {
      const info = await saveObject(
        { values, papers, previews },
        { id: savedId.current, folderId },
        saveCalls,
        (step, fraction) => setProgress({ step, fraction }),
        (error) => messageOf(error),
      );
      void message.success(objectMessages.saved[locale]);
      onSaved(info);
    } catch (error) {
      if (error instanceof ObjectSaveError) {
        savedId.current = error.id;
        setFailure(error.reason ? `${error.text[locale]}：${error.reason}` : error.text[locale]);
      } else {
        setFailure(objectMessages.saveFailed[locale]);
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open
      title={t(editing ? 'store.object.editTitle' : 'store.object.newTitle')}
      okText={t('store.object.save')}
      cancelText={t('drive.dialog.cancel')}
      onOk={() => void save()}
      onCancel={saving ? undefined : onClose}
      closable={!saving}
      maskClosable={false}
      okButtonProps={{ loading: saving }}
      width={680}
      destroyOnHidden
      className="object-dialog"
    >
      {editing && !loaded ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" requiredMark aria-label={t('store.object.newTitle')} disabled={saving}>
          <Form.Item label={t('store.object.folder')}>
            <span className="object-dialog__folder">{folderPath}</span>
          </Form.Item>
          <Form.Item
            name="fileName"
            label={t('store.object.name')}
            required
            validateStatus={problemOf('fileName') ? 'error' : undefined}
            help={problemOf('fileName')}
          >
            <Input maxLength={ENTRY_NAME_MAX - 5} showCount autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('store.object.papers', { max: OBJECT_LIMITS.papersMax })}
            required
            validateStatus={problemOf('papers') ? 'error' : undefined}
            help={problemOf('papers')}
          >
            <AttachmentPicker kind="paper" items={papers} onChange={setPapers} onPick={pick('paper')} />
          </Form.Item>
          <Form.Item
            label={t('store.object.previews', { max: OBJECT_LIMITS.previewsMax })}
            required
            validateStatus={problemOf('previews') ? 'error' : undefined}
            help={problemOf('previews')}
          >
            <AttachmentPicker kind="preview" items={previews} onChange={setPreviews} onPick={pick('preview')} />
          </Form.Item>
          <Form.Item name="description" label={t('store.object.description')}>
            <Input.TextArea maxLength={OBJECT_LIMITS.descriptionMax} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Space.Compact block className="object-dialog__notes">
            <Form.Item name="material" label={t('store.object.material')} className="object-dialog__note">
              <Input maxLength={OBJECT_LIMITS.noteMax} placeholder={t('store.object.materialHint')} />
            </Form.Item>
            <Form.Item name="machine" label={t('store.object.machine')} className="object-dialog__note">
              <Input maxLength={OBJECT_LIMITS.noteMax} placeholder={t('store.object.machineHint')} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="craftIds" label={t('store.object.crafts')}>
            <CraftPicker chosen={loaded?.crafts ?? []} />
          </Form.Item>
          <Form.Item name="licence" label={t('store.object.licence')}>
            <Select<ObjectLicence>
              options={OBJECT_LICENCES.map((licence) => ({ value: licence, label: t(`store.licences.${licence}`) }))}
            />
          </Form.Item>
          <Form.Item name="tags" label={t('store.object.tags')}>
            <Select mode="tags" maxCount={OBJECT_LIMITS.tagsMax} open={false} tokenSeparators={[',', '，']} />
          </Form.Item>
          <Space align="start" wrap className="object-dialog__price">
            <Form.Item
              name="price"
              label={t('store.object.price')}
              validateStatus={problemOf('price') ? 'error' : undefined}
              help={problemOf('price') ?? t('store.object.priceHint')}
            >
              <Input
                inputMode="decimal"
                addonAfter={
                  <Form.Item name="currency" noStyle>
                    <Select<Currency>
                      options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                      aria-label={t('store.object.currency')}
                    />
                  </Form.Item>
                }
              />
            </Form.Item>
            <Form.Item name="listed" label={t('store.object.listed')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      )}
      {progress ? (
        <div className="object-dialog__progress" role="status">
          <span>{t(`store.object.steps.${progress.step}`)}</span>
          <Progress percent={Math.round(progress.fraction * 100)} size="small" />
        </div>
      ) : null}
      {failure ? (
        <div className="object-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
