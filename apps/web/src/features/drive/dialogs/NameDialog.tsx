import { driveMessages, ENTRY_NAME_MAX, entryNameProblem } from '@kerf/contract';
import { App, Form, Input, type InputRef, Modal } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DriveEntry, isNameFree } from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { useSettings } from '../../../stores/settings-store';

export type NameDialogMode =
  | { kind: 'newFolder'; parentId: string; parentPath: string }
  | { kind: 'rename'; entry: DriveEntry };

/**
 * New folder and rename (SPEC §5): required, at most 255 characters with a counter, none of
 * \ / : * ? " < > |, unique in its folder (名称已经存在, asked of the server); checked on change and
 * on blur; Enter submits. `onSubmit` does the call and resolves with the server's message.
 */
export function NameDialog({
  mode,
  onSubmit,
  onDone,
  onClose,
}: {
  mode: NameDialogMode;
  onSubmit(name: string): Promise<string>;
  onDone(name: string, serverMessage: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);
  const isRename = mode.kind === 'rename';
  const kind = isRename ? (mode.entry.isDir ? 'folder' : 'file') : 'folder';
  const original = isRename ? mode.entry.fileName : '';
  const parentId = isRename ? mode.entry.folderId : mode.parentId;
  const exceptId = isRename ? mode.entry.userFileId : undefined;

  // select the name without its extension, as file managers do
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = input.current?.input;
      if (!el) return;
      el.focus();
      const dot = kind === 'file' ? original.lastIndexOf('.') : -1;
      el.setSelectionRange(0, dot > 0 ? dot : original.length);
    }, 50);
    return () => clearTimeout(timer);
  }, [kind, original]);

  const nameRule = {
    validator: async (_rule: RuleObject, value: string | undefined) => {
      // SPEC §5: a new folder needs a folder name; a rename (file or folder) needs 请输入文件名称
      const problem = entryNameProblem(value, isRename ? 'file' : 'folder');
      if (problem) throw new Error(driveMessages[problem][locale]);
      const name = (value ?? '').trim();
      if (isRename && name === original) return;
      let free = true;
      try {
        free = await isNameFree(parentId, name, exceptId);
      } catch {
        return; // the server decides on submit
      }
      if (!free) throw new Error(driveMessages.nameExists[locale]);
    },
  };

  const submit = async ({ name }: { name: string }) => {
    const value = name.trim();
    if (isRename && value === original) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      const serverMessage = await onSubmit(value);
      onDone(value, serverMessage);
    } catch (error) {
      const text = messageOf(error);
      if ((error as { code?: number }).code === 409) {
        form.setFields([{ name: 'name', errors: [text || driveMessages.nameExists[locale]] }]);
      } else if (!isShownByClient(error)) {
        // SPEC §8: a failed folder creation shows the server's message as a warning
        if (isRename) void message.error(text);
        else void message.warning(text);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(isRename ? 'drive.dialog.renameTitle' : 'drive.dialog.newFolderTitle')}
      okText={t('drive.dialog.ok')}
      cancelText={t('drive.dialog.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={440}
      className="drive-name-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: original }}
        onFinish={submit}
        requiredMark={false}
        aria-label={t(isRename ? 'drive.dialog.renameTitle' : 'drive.dialog.newFolderTitle')}
      >
        <Form.Item
          name="name"
          label={t(kind === 'folder' ? 'drive.dialog.folderNameLabel' : 'drive.dialog.nameLabel')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[nameRule]}
          validateDebounce={150}
          hasFeedback={false}
        >
          <Input
            ref={input}
            placeholder={t('drive.dialog.namePlaceholder')}
            maxLength={ENTRY_NAME_MAX}
            showCount
            autoComplete="off"
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
