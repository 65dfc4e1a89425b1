import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNameFree } from '../../../api/drive-api';
import { messageOf, RequestError } from '../../../api/request';
import { useStore } from '../../../stores/create-store';
import { fetchFileContent } from '../../editors/editors-api';
import type { SaveTarget } from '../components/SaveDialog';
import type { Editor } from '../model/editor';
import { activeLayer } from '../model/layers/layer-actions';
import { driveCopyStore, recentStorage } from '../save/drive-copy-store';
import { uploadDrawing } from '../save/drive-save';
import { rememberRecent } from '../save/recent-documents';
import { useConfirm } from './use-confirm';
import { useSignedInOrAsk } from './use-sign-in-prompt';

/**
 * Saving to the drive (SPEC §5: at least one shape, and a layer selected). Signed out, the person is asked to sign in and comes
 * back to the same drawing (the draft keeps it). The first save asks for a name and folder; later saves
 * overwrite the same file, after checking nobody changed it meanwhile (the drive's sha256 rule).
 */
export function useSave(editor: Editor) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const signedIn = useSignedInOrAsk();
  const copy = useStore(driveCopyStore, (c) => c);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const upload = useCallback(
    async (target: SaveTarget, replace: boolean) => {
      setSaving(true);
      try {
        const saved = await uploadDrawing(editor.doc, { ...target, replace });
        driveCopyStore.setState(saved);
        rememberRecent(recentStorage, saved);
        void message.success(t('design.save.saved', { name: saved.fileName }));
      } catch (error) {
        void message.error(t('design.save.failed', { reason: messageOf(error, String(error)) }));
      } finally {
        setSaving(false);
      }
    },
    [editor, message, t],
  );

  const confirm = useConfirm();

  /** From the dialog: a name taken in that folder is replaced only when the person says so. */
  const saveAs = useCallback(
    async (target: SaveTarget) => {
      setDialogOpen(false);
      const free = await isNameFree(target.folderId, target.fileName).catch(() => true);
      if (
        !free &&
        !(await confirm({
          title: t('design.save.exists', { name: target.fileName }),
          okText: t('design.save.replace'),
        }))
      ) {
        setDialogOpen(true);
        return;
      }
      await upload(target, !free);
    },
    [confirm, upload, t],
  );

  const save = useCallback(async () => {
    if (editor.doc.shapes.length === 0) {
      void message.error(t('design.save.needsShape'));
      return;
    }
    if (!activeLayer(editor)) {
      void message.error(t('design.layerList.selectLayerFirst'));
      return;
    }
    if (!(await signedIn())) return;
    const known = driveCopyStore.getState();
    if (!known) {
      setDialogOpen(true);
      return;
    }
    // the drive's copy must still be the one this tab last saved or opened
    const current = await fetchFileContent(known.userFileId).then(
      (content) => content.sha256,
      // gone: save it anew; too big for the text call: its hash cannot be read, save over it
      (error) => (error instanceof RequestError && (error.status === 404 || error.code === 404) ? null : known.sha256),
    );
    if (current === null) {
      driveCopyStore.setState(null);
      setDialogOpen(true);
      return;
    }
    if (current !== known.sha256) {
      const overwrite = await confirm({
        title: t('design.save.changedTitle'),
        content: t('design.save.changedText', { name: known.fileName }),
        okText: t('design.save.overwrite'),
      });
      if (!overwrite) {
        setDialogOpen(true);
        return;
      }
    }
    await upload({ fileName: known.fileName, folderId: known.folderId, folderPath: known.folderPath }, true);
  }, [confirm, editor, message, signedIn, t, upload]);

  return { save, saveAs, saving, copy, dialogOpen, closeDialog: () => setDialogOpen(false) };
}
