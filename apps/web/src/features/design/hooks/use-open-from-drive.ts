import { parseDocument } from '@kerf/laser';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { zoomToFit } from '../model/actions/selection-actions';
import type { Editor } from '../model/editor';
import { driveCopyStore, recentStorage } from '../save/drive-copy-store';
import { readDriveFile, sha256Hex } from '../save/drive-save';
import { rememberRecent } from '../save/recent-documents';

/**
 * Opens the `.kerf` file named in the address (a double-click in the workbench): its bytes come from the
 * drive, their hash is kept to detect a change elsewhere before a later save, and the address goes back
 * to /design so a reload brings back the draft rather than the file as it was.
 */
export function useOpenFromDrive(editor: Editor) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userFileId = params.get('userFileId');
  const folderId = params.get('folderId') ?? '0';
  const folderPath = params.get('filePath') ?? '/';
  useEffect(() => {
    if (!userFileId) return;
    let alive = true;
    const hide = message.loading(t('design.save.opening'), 0);
    void (async () => {
      try {
        const { bytes, fileName: named } = await readDriveFile(userFileId);
        const doc = parseDocument(new TextDecoder().decode(bytes));
        if (!alive) return;
        const fileName = named ?? `${doc.meta.name ?? t('design.untitled')}.kerf`;
        editor.store.load(doc);
        const copy = { userFileId, folderId, folderPath, fileName, sha256: await sha256Hex(bytes) };
        driveCopyStore.setState(copy);
        rememberRecent(recentStorage, copy);
        zoomToFit(editor);
      } catch (error) {
        if (alive)
          void message.error(
            t('design.save.openFailed', { reason: error instanceof Error ? error.message : String(error) }),
          );
      } finally {
        hide();
        if (alive) void navigate('/design', { replace: true });
      }
    })();
    return () => {
      alive = false;
    };
  }, [editor, folderId, folderPath, message, navigate, t, userFileId]);
  return userFileId !== null;
}
