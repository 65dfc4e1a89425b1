import { Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §4, §9: the restore dialog (550 px) shows only a busy message while the restore runs. */
export function RestoreDialog({ run, onFinished }: { run(): Promise<void>; onFinished(): void }) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the restore runs once, when the dialog opens
  useEffect(() => {
    void run().finally(onFinished);
  }, []);
  return (
    <Modal
      open
      title={t('drive.dialog.restoreTitle')}
      width={550}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      className="drive-restore"
    >
      <div className="drive-restore__busy" role="status">
        <Spin />
        <span>{t('drive.dialog.restoring')}</span>
      </div>
    </Modal>
  );
}
