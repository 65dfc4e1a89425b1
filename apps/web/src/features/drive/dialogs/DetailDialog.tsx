import { Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { FileIcon } from '../components/FileIcon';
import { useEntryTypeLabel } from '../components/use-entry-type-label';
import { formatSize, formatTime } from '../model/format';

/** The file detail dialog (SPEC §2): what the drive knows about one entry. */
export function DetailDialog({ entry, onClose }: { entry: DriveEntry; onClose(): void }) {
  const { t } = useTranslation();
  const typeLabel = useEntryTypeLabel();
  const rows = [
    { key: 'type', label: t('drive.detail.type'), children: typeLabel(entry) },
    entry.isDir
      ? {
          key: 'contains',
          label: t('drive.detail.contains'),
          children: t('drive.detail.items', { count: entry.childCount ?? 0 }),
        }
      : {
          key: 'size',
          label: t('drive.detail.size'),
          children: `${formatSize(entry.fileSize)} (${entry.fileSize.toLocaleString()} B)`,
        },
    { key: 'location', label: t('drive.detail.location'), children: entry.filePath },
    { key: 'path', label: t('drive.detail.path'), children: entry.path },
    { key: 'uploadTime', label: t('drive.detail.uploadTime'), children: formatTime(entry.uploadTime) },
    ...(entry.deleteTime
      ? [{ key: 'deleteTime', label: t('drive.detail.deleteTime'), children: formatTime(entry.deleteTime) }]
      : []),
    ...(entry.imageWidth && entry.imageHeight
      ? [
          {
            key: 'dimensions',
            label: t('drive.detail.dimensions'),
            children: `${entry.imageWidth} × ${entry.imageHeight}`,
          },
        ]
      : []),
  ];
  return (
    <Modal
      open
      title={t('drive.dialog.detailTitle')}
      onCancel={onClose}
      width={520}
      footer={<Button onClick={onClose}>{t('drive.dialog.close')}</Button>}
    >
      <div className="drive-detail__head">
        <FileIcon entry={entry} size={40} />
        <span className="drive-detail__name">{entry.fileName}</span>
      </div>
      <Descriptions column={1} size="small" bordered items={rows} className="drive-detail" />
    </Modal>
  );
}
