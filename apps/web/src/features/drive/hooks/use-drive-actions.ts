import { FILE_TYPE } from '@kerf/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { batchDelete, type DriveEntry, emptyRecycleBin, listFiles, purgeBatches } from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { batchDownloadUrl, downloadUrl, startDownload } from '../../../api/transfer-api';
import { useSettings } from '../../../stores/settings-store';
import { copiedShareText } from '../../share/model/share-text';
import { useCopy } from '../../share/use-copy';
import { fileKind } from '../model/file-kinds';
import { removeFoldersFromTree } from '../model/folder-tree';
import { useUpdateTree } from './use-drive-data';

const batchesOf = (entries: readonly DriveEntry[]) => [
  ...new Set(entries.map((e) => e.deleteBatchNum).filter((n): n is string => !!n)),
];

/**
 * The drive's actions that need no dialog of their own: delete (with a confirm), empty the bin,
 * download, copy a share link. Each tells the person how it went (SPEC §8 messages) and refreshes.
 */
export function useDriveActions({ refresh, clearSelection }: { refresh(): unknown; clearSelection(): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const copy = useCopy();
  const locale = useSettings((s) => s.locale);
  const updateTree = useUpdateTree();

  const failed = useCallback(
    (error: unknown) => {
      // SPEC §8: 删除失败，{message}
      if (!isShownByClient(error)) void message.error(t('drive.messages.deleteFailed', { message: messageOf(error) }));
    },
    [message, t],
  );

  /** To the recycle bin, or (in the bin) for good. */
  const remove = useCallback(
    (entries: readonly DriveEntry[], inBin: boolean) => {
      if (!entries.length) return;
      const one = entries.length === 1 ? entries[0]!.fileName : null;
      modal.confirm({
        title: t(inBin ? 'drive.confirm.purgeTitle' : 'drive.confirm.deleteTitle'),
        content: inBin
          ? one
            ? t('drive.confirm.purgeOne', { name: one })
            : t('drive.confirm.purgeMany', { count: entries.length })
          : one
            ? t('drive.confirm.deleteOne', { name: one })
            : t('drive.confirm.deleteMany', { count: entries.length }),
        okText: t('drive.confirm.ok'),
        cancelText: t('drive.confirm.cancel'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const text = inBin
              ? await purgeBatches(batchesOf(entries))
              : await batchDelete(
                  entries.map((e) => e.userFileId),
                  1,
                );
            void message.success(text);
            const folders = entries.filter((e) => e.isDir).map((e) => e.userFileId);
            if (!inBin && folders.length) updateTree((root) => removeFoldersFromTree(root, folders));
            clearSelection();
          } catch (error) {
            failed(error);
          } finally {
            void refresh();
          }
        },
      });
    },
    [modal, message, t, refresh, clearSelection, failed, updateTree],
  );

  const emptyBin = useCallback(async () => {
    let count = 0;
    try {
      count = (await listFiles({ fileType: FILE_TYPE.recycle, page: 1, limit: 1 })).total;
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
      return;
    }
    if (!count) {
      void message.info(t('drive.messages.nothingToEmpty'));
      return;
    }
    modal.confirm({
      title: t('drive.confirm.emptyTitle'),
      content: t('drive.confirm.emptyText', { count }),
      okText: t('drive.confirm.ok'),
      cancelText: t('drive.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          void message.success(await emptyRecycleBin());
          clearSelection();
        } catch (error) {
          failed(error);
        } finally {
          void refresh();
        }
      },
    });
  }, [modal, message, t, refresh, clearSelection, failed]);

  /** One file as itself; folders, objects (drawings and images) and several entries as one zip. */
  const download = useCallback((entries: readonly DriveEntry[]) => {
    if (!entries.length) return;
    const only = entries[0]!;
    if (entries.length === 1 && !only.isDir && fileKind(only) !== 'object') {
      startDownload(downloadUrl(only.userFileId), only.fileName);
    } else startDownload(batchDownloadUrl(entries.map((e) => e.userFileId)));
  }, []);

  /** Type 8 views: the share's link {origin}/share/{code} (SPEC §9), with its code when it has one. */
  const copyLink = useCallback(
    async (entry: DriveEntry) => {
      const { shareBatchNum, extractionCode } = entry;
      if (shareBatchNum) await copy(copiedShareText(window.location.origin, { shareBatchNum, extractionCode }, locale));
    },
    [copy, locale],
  );

  return { remove, emptyBin, download, copyLink };
}
