import { ReloadOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import { FILE_TYPE, type ShareBatch } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownByClient, messageOf } from '../../../api/request';
import { cancelShares, listMyShares, unlockShare } from '../../../api/share-api';
import { LinkButton } from '../../../app/components/LinkButton';
import { useNarrowViewport } from '../../../app/layout/use-narrow-viewport';
import { driveSettingsStore, useDriveSettings } from '../../../stores/drive-settings-store';
import { useSettings } from '../../../stores/settings-store';
import { DriveSidePanel } from '../../drive/components/DriveSidePanel';
import '../../drive/drive.css';
import { useDriveKey, useRefreshDrive } from '../../drive/hooks/use-drive-data';
import { useDriveLocation } from '../../drive/hooks/use-drive-location';
import { batchTitle, sharedItemsText } from '../model/share-batch';
import { copiedShareText } from '../model/share-text';
import '../share.css';
import { DrivePager } from '../../drive/components/DrivePager';
import { useCopy } from '../use-copy';
import { ShareBatchTable } from './ShareBatchTable';

/**
 * My shares (SPEC §2 fileType 8) in the drive's frame: every share link I made, newest first, with
 * its expiry, code, lock and use; copy a link, lift a lock, cancel one or several. A batch opens the
 * list of its entries (fileType 8 with shareBatchNum).
 */
export function MySharesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const narrow = useNarrowViewport();
  const { location, go, openPath } = useDriveLocation();
  const pageSize = useDriveSettings((s) => s.pageSize);
  const key = useDriveKey();
  const refresh = useRefreshDrive();
  const copy = useCopy();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);

  const list = useQuery({
    queryKey: [...key, 'shares', page, pageSize],
    queryFn: () => listMyShares(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const batches = useMemo(() => list.data?.list ?? [], [list.data]);
  const total = list.data?.total ?? 0;

  // after cancelling the last shares of the last page, show the page before
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && total > 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [list.data, total, page, pageSize]);

  // shares that left the list leave the selection
  const shown = selected.filter((num) => batches.some((batch) => batch.shareBatchNum === num));
  const nameOf = (batch: ShareBatch) => sharedItemsText(t, batchTitle(batch));

  const failed = (error: unknown) => {
    if (!isShownByClient(error)) void message.error(messageOf(error));
  };

  const cancel = (targets: ShareBatch[]) => {
    if (!targets.length) return;
    modal.confirm({
      title: t('share.mine.confirmTitle'),
      content:
        targets.length === 1
          ? t('share.mine.confirmOne', { name: nameOf(targets[0]!) })
          : t('share.mine.confirmMany', { count: targets.length }),
      okText: t('share.mine.confirmOk'),
      cancelText: t('share.mine.confirmKeep'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          void message.success(await cancelShares(targets.map((batch) => batch.shareBatchNum)));
          setSelected([]);
        } catch (error) {
          failed(error);
        } finally {
          void refresh();
        }
      },
    });
  };

  const unlock = async (batch: ShareBatch) => {
    try {
      void message.success(await unlockShare(batch.shareBatchNum));
    } catch (error) {
      failed(error);
    } finally {
      void refresh();
    }
  };

  const copyLink = (batch: ShareBatch) => void copy(copiedShareText(window.location.origin, batch, locale));

  const empty = list.isError ? (
    <Empty description={t('share.mine.loadFailed')} />
  ) : (
    <Empty
      image={<ShareAltOutlined className="drive-empty__icon" />}
      description={
        <>
          <div className="drive-empty__title">{t('share.mine.empty')}</div>
          <div className="drive-empty__hint">{t('share.mine.emptyHint')}</div>
        </>
      }
    >
      <LinkButton type="primary" to="/workbench?fileType=0">
        {t('share.mine.goShare')}
      </LinkButton>
    </Empty>
  );

  const selectedBatches = batches.filter((batch) => shown.includes(batch.shareBatchNum));
  return (
    <div className={narrow ? 'drive is-narrow' : 'drive'}>
      {narrow ? null : <DriveSidePanel location={location} onOpen={(folder) => openPath(folder.path, folder.id)} />}
      <section className="drive-main" aria-label={t('drive.views.myShares')}>
        <header className="drive-head">
          <div className="drive-path">
            <span className="drive-path__title">{t('drive.views.myShares')}</span>
            <span className="drive-path__hint">{t('share.mine.hint')}</span>
          </div>
        </header>
        <div className="drive-toolbar" role="toolbar" aria-label={t('drive.views.myShares')}>
          <div className="drive-toolbar__left">
            {shown.length ? (
              <Space size={8} wrap className="drive-toolbar__batch">
                <span className="drive-toolbar__count">{t('drive.toolbar.selected', { count: shown.length })}</span>
                <Button danger icon={<StopOutlined />} onClick={() => cancel(selectedBatches)}>
                  {t('share.mine.cancel')}
                </Button>
                <Button type="link" onClick={() => setSelected([])}>
                  {t('drive.toolbar.clearSelection')}
                </Button>
              </Space>
            ) : null}
          </div>
          <Space size={4} className="drive-toolbar__right">
            <Tooltip title={t('drive.toolbar.refresh')}>
              <Button
                type="text"
                aria-label={t('drive.toolbar.refresh')}
                icon={<ReloadOutlined />}
                onClick={() => void refresh()}
              />
            </Tooltip>
          </Space>
        </div>
        <div className="drive-body">
          <ShareBatchTable
            batches={batches}
            loading={list.isFetching && (list.isPlaceholderData || !list.data)}
            selected={shown}
            onSelectionChange={setSelected}
            empty={empty}
            onOpen={(batch) => go({ fileType: FILE_TYPE.myShares, filePath: '/', shareBatchNum: batch.shareBatchNum })}
            onCopy={copyLink}
            onCancel={cancel}
            onUnlock={(batch) => void unlock(batch)}
          />
        </div>
        {total > 0 ? (
          <footer className="drive-footer">
            <DrivePager
              page={page}
              pageSize={pageSize}
              total={total}
              onPage={setPage}
              onPageSize={(size) => {
                driveSettingsStore.setPageSize(size);
                setPage(1);
              }}
            />
          </footer>
        ) : null}
      </section>
    </div>
  );
}
