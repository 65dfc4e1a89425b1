import { Button, Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '../hooks/use-import';

/** The file being read, how far it got, and a way to stop it. */
export function ImportProgressDialog({ progress, onCancel }: { progress: ImportProgress; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('design.import.title')}
      closable={false}
      maskClosable={false}
      footer={<Button onClick={onCancel}>{t('design.import.cancel')}</Button>}
      width={420}
    >
      <p className="design-import__name">{progress.name}</p>
      <Progress percent={Math.round(progress.fraction * 100)} status="active" aria-label={t('design.import.title')} />
      <p className="design-import__hint">
        {progress.fraction >= 0.5 ? t('design.import.reading') : t('design.import.loading')}
      </p>
    </Modal>
  );
}
