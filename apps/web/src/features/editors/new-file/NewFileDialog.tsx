import { driveMessages, ENTRY_NAME_MAX, type NewFileType } from '@kerf/contract';
import { Alert, App, Form, Input, type InputRef, Modal } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DriveEntry, isNameFree } from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { useSession } from '../../../stores/session-store';
import { useSettings } from '../../../stores/settings-store';
import { FileIcon } from '../../drive/components/FileIcon';
import { createFile } from '../editors-api';
import {
  baseOfName,
  finalName,
  firstFreeName,
  isSuggestedName,
  newFileNameProblem,
  offeredNewFileTypes,
  typeOfName,
  withType,
} from '../model/new-file-name';
import '../editors.css';

/**
 * New file (SPEC §2 dialog, §5 rules): a txt, md, docx, xlsx or pptx in the open folder. The name comes
 * suggested ("新建文本文档.txt", numbered when taken) with its stem selected; it is required
 * (请输入文件名称), at most 255 characters with a counter, and unique in the folder (名称已经存在, asked
 * of the server while typing); Enter creates.
 */
export function NewFileDialog({
  folderId,
  folderPath,
  initialType: askedType = 'txt',
  onCreated,
  onClose,
}: {
  folderId: string;
  folderPath: string;
  initialType?: NewFileType;
  /** Resolves with the new entry and the server's 新建成功. */
  onCreated(entry: DriveEntry, serverMessage: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const onlineOffice = useSession((s) => s.features.onlineOffice);
  const offered = offeredNewFileTypes(onlineOffice);
  const initialType = offered.includes(askedType) ? askedType : 'txt';
  const [form] = Form.useForm<{ name: string }>();
  const [type, setType] = useState<NewFileType>(initialType);
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);
  const suggestion = (of: NewFileType) => t(`editors.newFile.defaults.${of}`);

  /** Selects the stem, so typing replaces the name and keeps the extension. */
  const selectStem = () => {
    const el = input.current?.input;
    if (!el) return;
    el.focus();
    el.setSelectionRange(0, baseOfName(el.value).length);
  };

  // a suggested name that is free in this folder
  // biome-ignore lint/correctness/useExhaustiveDependencies: suggested once, when the dialog opens
  useEffect(() => {
    let current = true;
    const base = suggestion(initialType);
    form.setFieldsValue({ name: `${base}.${initialType}` });
    const timer = setTimeout(selectStem, 60);
    void firstFreeName(base, initialType, (name) => isNameFree(folderId, name).catch(() => true)).then((name) => {
      if (!current || form.getFieldValue('name') !== `${base}.${initialType}`) return;
      form.setFieldsValue({ name });
      setTimeout(selectStem, 0);
    });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, []);

  const pickType = (next: NewFileType) => {
    if (next === type) return;
    const name: string = form.getFieldValue('name') ?? '';
    const renamed = isSuggestedName(name, suggestion(type)) ? `${suggestion(next)}.${next}` : withType(name, next);
    setType(next);
    form.setFieldsValue({ name: renamed });
    void form.validateFields(['name']).catch(() => undefined);
  };

  const nameRule = {
    validator: async (_rule: RuleObject, value: string | undefined) => {
      const problem = newFileNameProblem(value, type);
      if (problem) throw new Error(driveMessages[problem][locale]);
      let free = true;
      try {
        free = await isNameFree(folderId, finalName(value ?? '', type));
      } catch {
        return; // the server decides on submit
      }
      if (!free) throw new Error(driveMessages.nameExists[locale]);
    },
  };

  const submit = async ({ name }: { name: string }) => {
    const fileName = finalName(name, type);
    setBusy(true);
    try {
      const created = await createFile(folderId, fileName);
      onCreated(created.entry, created.msg);
    } catch (error) {
      const text = messageOf(error);
      if ((error as { code?: number }).code === 409 || (error as { code?: number }).code === 400) {
        form.setFields([{ name: 'name', errors: [text || driveMessages.nameExists[locale]] }]);
      } else if (!isShownByClient(error)) {
        void message.error(text);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('editors.newFile.title')}
      okText={t('editors.newFile.create')}
      cancelText={t('editors.newFile.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      className="new-file-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        aria-label={t('editors.newFile.title')}
      >
        <Form.Item label={<span id="new-file-type-label">{t('editors.newFile.type')}</span>}>
          <div className="new-file-types" role="radiogroup" aria-labelledby="new-file-type-label">
            {offered.map((option) => (
              <label key={option} className="new-file-type" data-checked={option === type}>
                <input
                  type="radio"
                  name="new-file-type"
                  value={option}
                  checked={option === type}
                  onChange={() => pickType(option)}
                  className="new-file-type__input"
                />
                <FileIcon entry={{ isDir: 0, extendName: option }} size={28} />
                <span>{t(`editors.newFile.types.${option}`)}</span>
                <span className="new-file-type__ext">.{option}</span>
              </label>
            ))}
          </div>
          {onlineOffice ? null : (
            <Alert
              className="new-file-dialog__office-hint"
              type="info"
              showIcon
              title={t('editors.newFile.officeHint')}
            />
          )}
        </Form.Item>
        <Form.Item
          name="name"
          label={t('editors.newFile.name')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[nameRule]}
          validateDebounce={150}
          extra={
            <p className="new-file-dialog__location" title={folderPath}>
              {t('editors.newFile.location', { path: folderPath === '/' ? t('drive.root') : folderPath })}
            </p>
          }
        >
          <Input
            ref={input}
            placeholder={t('editors.newFile.placeholder')}
            maxLength={ENTRY_NAME_MAX}
            showCount
            autoComplete="off"
            onChange={(event) => {
              // typing another type's extension picks that type
              const typed = typeOfName(event.target.value.trim());
              if (typed && typed !== type && offered.includes(typed)) setType(typed);
            }}
            onPressEnter={(event) => {
              event.preventDefault();
              form.submit();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
