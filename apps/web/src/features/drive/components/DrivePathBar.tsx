import { ArrowLeftOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { FILE_TYPE, isShareExpired, RECYCLE_RETENTION_DAYS } from '@kerf/contract';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/i18n';
import { sharedItemsText } from '../../share/model/share-batch';
import { type DriveLocation, pathSegments } from '../model/drive-location';
import { formatTime } from '../model/format';

const VIEW_TITLE: Record<number, TranslationKey> = {
  [FILE_TYPE.all]: 'drive.views.all',
  [FILE_TYPE.image]: 'drive.views.images',
  [FILE_TYPE.video]: 'drive.views.video',
  [FILE_TYPE.audio]: 'drive.views.audio',
  [FILE_TYPE.recycle]: 'drive.views.recycle',
  [FILE_TYPE.myShares]: 'drive.views.myShares',
};

const VIEW_HINT: Record<number, TranslationKey> = {
  [FILE_TYPE.image]: 'drive.viewHints.images',
  [FILE_TYPE.video]: 'drive.viewHints.video',
  [FILE_TYPE.audio]: 'drive.viewHints.audio',
  [FILE_TYPE.recycle]: 'drive.viewHints.recycle',
};

export interface ShareBatchFacts {
  name: string;
  more: number;
  endTime?: string;
  extractionCode?: string;
}

/**
 * Where the drive is: the folder path as a breadcrumb, a category's title, one of my shares, or the
 * search's words.
 */
export function DrivePathBar({
  location,
  search,
  shareBatch,
  onOpenPath,
  onUp,
  onLeaveSearch,
  onLeaveShareBatch,
}: {
  location: DriveLocation;
  /** `total` is null while the results are on their way. */
  search: { keyword: string; total: number | null } | null;
  /** One of my shares (fileType 8 with shareBatchNum); null while its entries load or when none are left. */
  shareBatch?: ShareBatchFacts | null;
  onOpenPath(path: string): void;
  onUp(): void;
  onLeaveSearch(): void;
  onLeaveShareBatch(): void;
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
  if (location.fileType === FILE_TYPE.myShares && location.shareBatchNum) {
    const facts = [
      shareBatch?.endTime ? t('share.mine.batchHint', { time: formatTime(shareBatch.endTime) }) : '',
      shareBatch?.endTime && isShareExpired(shareBatch.endTime) ? t('share.expired') : '',
      shareBatch?.extractionCode ? t('share.mine.batchCode', { code: shareBatch.extractionCode }) : '',
    ].filter(Boolean);
    return (
      <div className="drive-path">
        <Tooltip title={t('share.mine.back')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('share.mine.back')}
            onClick={onLeaveShareBatch}
          />
        </Tooltip>
        <Breadcrumb
          className="drive-breadcrumb"
          aria-label={t('drive.title')}
          items={[
            {
              key: 'mine',
              title: (
                <button type="button" className="drive-breadcrumb__link" onClick={onLeaveShareBatch}>
                  {t('drive.views.myShares')}
                </button>
              ),
            },
            {
              key: 'batch',
              title: (
                <span className="drive-breadcrumb__current" aria-current="page">
                  {shareBatch ? sharedItemsText(t, shareBatch) : '…'}
                </span>
              ),
            },
          ]}
        />
        {facts.length ? <span className="drive-path__hint">{facts.join(' · ')}</span> : null}
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
