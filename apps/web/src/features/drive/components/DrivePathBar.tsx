import { ArrowLeftOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { FILE_TYPE, RECYCLE_RETENTION_DAYS } from '@kerf/contract';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/i18n';
import { type DriveLocation, pathSegments } from '../model/drive-location';

const VIEW_TITLE: Record<number, TranslationKey> = {
  [FILE_TYPE.all]: 'drive.views.all',
  [FILE_TYPE.image]: 'drive.views.images',
  [FILE_TYPE.video]: 'drive.views.video',
  [FILE_TYPE.audio]: 'drive.views.audio',
  [FILE_TYPE.recycle]: 'drive.views.recycle',
};

const VIEW_HINT: Record<number, TranslationKey> = {
  [FILE_TYPE.image]: 'drive.viewHints.images',
  [FILE_TYPE.video]: 'drive.viewHints.video',
  [FILE_TYPE.audio]: 'drive.viewHints.audio',
  [FILE_TYPE.recycle]: 'drive.viewHints.recycle',
};

/** Where the drive is: the folder path as a breadcrumb, a category's title, or the search's words. */
export function DrivePathBar({
  location,
  search,
  onOpenPath,
  onUp,
  onLeaveSearch,
}: {
  location: DriveLocation;
  /** `total` is null while the results are on their way. */
  search: { keyword: string; total: number | null } | null;
  onOpenPath(path: string): void;
  onUp(): void;
  onLeaveSearch(): void;
}) {
  const { t } = useTranslation();
  if (search) {
    return (
      <div className="drive-path">
        <Tooltip title={t('drive.search.back')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('drive.search.back')}
            onClick={onLeaveSearch}
          />
        </Tooltip>
        <span className="drive-path__title">
          {search.total === null
            ? t('drive.search.searching', { keyword: search.keyword })
            : t('drive.search.results', { keyword: search.keyword, total: search.total })}
        </span>
      </div>
    );
  }
  if (location.fileType !== FILE_TYPE.all) {
    const hint = VIEW_HINT[location.fileType];
    return (
      <div className="drive-path">
        <span className="drive-path__title">{t(VIEW_TITLE[location.fileType] ?? 'drive.views.all')}</span>
        {hint ? <span className="drive-path__hint">{t(hint, { days: RECYCLE_RETENTION_DAYS })}</span> : null}
      </div>
    );
  }
  const segments = pathSegments(location.filePath);
  const atRoot = segments.length === 0;
  return (
    <div className="drive-path">
      <Tooltip title={t('drive.toolbar.up')}>
        <Button
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={t('drive.toolbar.up')}
          disabled={atRoot}
          onClick={onUp}
        />
      </Tooltip>
      <Breadcrumb
        className="drive-breadcrumb"
        aria-label={t('drive.title')}
        items={[
          { key: '/', name: t('drive.root'), path: '/' },
          ...segments.map((s) => ({ key: s.path, name: s.name, path: s.path })),
        ].map((item, i, all) => ({
          key: item.key,
          title:
            i === all.length - 1 ? (
              <span className="drive-breadcrumb__current" aria-current="page">
                {item.name}
              </span>
            ) : (
              <button type="button" className="drive-breadcrumb__link" onClick={() => onOpenPath(item.path)}>
                {item.name}
              </button>
            ),
        }))}
      />
    </div>
  );
}
