import { ExclamationCircleFilled } from '@ant-design/icons';
import { App, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Closing with unsaved changes: save, don't save, or go back to the editor (as desktop editors ask). */
export function LeaveQuestion({
  name,
  saving,
  onSave,
  onDiscard,
  onCancel,
}: {
  name: string;
  saving: boolean;
  onSave(): void;
  onDiscard(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      centered
      width={440}
      zIndex={1100}
      className="editor-question"
      title={
        <span className="editor-question__title">
          <ExclamationCircleFilled className="editor-question__icon" />
          {t('editors.leave.title', { name })}
        </span>
      }
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('editors.leave.cancel')}
        </Button>,
        <Button key="discard" danger onClick={onDiscard}>
          {t('editors.leave.discard')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={onSave} autoFocus>
          {t('editors.leave.save')}
        </Button>,
      ]}
    >
      <p className="editor-question__text">{t('editors.leave.text')}</p>
    </Modal>
  );
}

/**
 * The file changed on the server since it was opened (409 on save): load the latest version, dropping
 * my edits, or keep my text and replace the latest version after a confirm.
 */
export function ConflictQuestion({
  message,
  saving,
  onReload,
  onOverwrite,
  onCancel,
}: {
  /** The server's words: 文件已被其他人修改，请重新打开后再保存. */
  message: string;
  saving: boolean;
  onReload(): void;
  onOverwrite(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const confirmOverwrite = () =>
    modal.confirm({
      title: t('editors.conflict.overwriteTitle'),
      content: t('editors.conflict.overwriteText'),
      okText: t('editors.conflict.overwrite'),
      cancelText: t('editors.conflict.cancel'),
      okButtonProps: { danger: true },
      zIndex: 1200,
      onOk: onOverwrite,
    });
  return (
    <Modal
      open
      centered
      width={480}
      zIndex={1100}
      className="editor-question"
      title={
        <span className="editor-question__title">
          <ExclamationCircleFilled className="editor-question__icon is-warning" />
          {t('editors.conflict.title')}
        </span>
      }
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} autoFocus>
          {t('editors.conflict.cancel')}
        </Button>,
        <Button key="reload" onClick={onReload}>
          {t('editors.conflict.reload')}
        </Button>,
        <Button key="mine" type="primary" loading={saving} onClick={confirmOverwrite}>
          {t('editors.conflict.keepMine')}
        </Button>,
      ]}
    >
      <p className="editor-question__message">{message}</p>
      <p className="editor-question__text">{t('editors.conflict.choose')}</p>
    </Modal>
  );
}
