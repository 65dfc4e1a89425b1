import { OBJECT_EXTENSION } from '@kerf/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';

/** "文件夹", "DXF 文件", "文件": the type column and the detail dialog. */
export function useEntryTypeLabel() {
  const { t } = useTranslation();
  return useCallback(
    (entry: Pick<DriveEntry, 'isDir' | 'extendName'>) => {
      if (entry.isDir) return t('drive.kind.folder');
      if (!entry.extendName) return t('drive.kind.noExtension');
      if (entry.extendName.toLowerCase() === OBJECT_EXTENSION) return t('drive.kind.object');
      return t('drive.kind.file', { ext: entry.extendName.toUpperCase() });
    },
    [t],
  );
}
