import { CloudUploadOutlined } from '@ant-design/icons';
import { FILE_TYPE } from '@kerf/contract';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/i18n';

const EMPTY_TEXT: Partial<Record<number, TranslationKey>> = {
  [FILE_TYPE.image]: 'drive.empty.images',
  [FILE_TYPE.video]: 'drive.empty.video',
  [FILE_TYPE.audio]: 'drive.empty.audio',
  [FILE_TYPE.recycle]: 'drive.empty.recycle',
  [FILE_TYPE.myShares]: 'drive.empty.shareBatch',
};

/**
 * What a list says before its first page arrives: a folder is not "empty" until the server says so.
 * The list's own spinner turns over it; this is the words under the spinner.
 */
export function DriveLoading() {
  const { t } = useTranslation();
  return (
    <div className="drive-loading" role="status" aria-live="polite">
      {t('drive.empty.loading')}
    </div>
  );
}

/** What an empty list says: a folder invites an upload; a category, the bin and a search say what is missing. */
export function DriveEmpty({ fileType, keyword, failed }: { fileType: number; keyword: string; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) return <Empty description={t('drive.tree.loadFailed')} />;
  if (keyword) return <Empty description={t('drive.empty.search', { keyword })} />;
  if (fileType !== FILE_TYPE.all) return <Empty description={t(EMPTY_TEXT[fileType] ?? 'drive.empty.folder')} />;
  return (
    <Empty
      image={<CloudUploadOutlined className="drive-empty__icon" />}
      description={
        <>
          <div className="drive-empty__title">{t('drive.empty.folder')}</div>
          <div className="drive-empty__hint">{t('drive.empty.folderHint')}</div>
        </>
      }
    />
  );
}
