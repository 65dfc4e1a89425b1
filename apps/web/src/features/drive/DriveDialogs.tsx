import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  batchCopy,
  batchMove,
  createFolder,
  type DriveEntry,
  moveEntry,
  renameEntry,
  restoreBatches,
} from '../../api/drive-api';
import { isShownByClient, messageOf } from '../../api/request';
import { SendToMachineDialog } from '../devices/send/SendToMachineDialog';
import { type EditorDialog, EditorDialogs, isEditorDialog } from '../editors/EditorDialogs';
import { ShareDialog } from '../share/dialog/ShareDialog';
import { ObjectDialog, type ObjectDialogTarget } from '../store/dialogs/ObjectDialog';
import { LazyFileViewer } from '../viewers/LazyFileViewer';
import { OWN_FILES } from '../viewers/model/file-access';
import { clashResolver } from './clash/clash-prompt';
import { DetailDialog } from './dialogs/DetailDialog';
import { FolderPickerDialog } from './dialogs/FolderPickerDialog';
import { NameDialog } from './dialogs/NameDialog';
import { RestoreDialog } from './dialogs/RestoreDialog';
import { useUpdateTree } from './hooks/use-drive-data';
import { moveFoldersInTree, renameFolderInTree } from './model/folder-tree';
import { restoreAsking } from './model/restore-clashes';

/** Which dialog the drive shows, with what it is about. */
export type DriveDialog =
  | { kind: 'newFolder'; parentId: string; parentPath: string }
  | { kind: 'rename'; entry: DriveEntry }
  | { kind: 'move' | 'copy'; entries: DriveEntry[]; startFolderId: string }
  | { kind: 'detail'; entry: DriveEntry }
  | { kind: 'preview'; entry: DriveEntry; entries: DriveEntry[] }
  | { kind: 'restore'; entries: DriveEntry[] }
  | { kind: 'share'; entries: DriveEntry[] }
  | { kind: 'sendToMachine'; entry: DriveEntry }
  | { kind: 'object'; target: ObjectDialogTarget }
  | EditorDialog;

/** Renders the open dialog and wires each to its call, its success message and a refresh. */
export function DriveDialogs({
  dialog,
  onClose,
  onChanged,
  onSelect,
}: {
  dialog: DriveDialog | null;
  onClose(): void;
  /** Something changed on the server: clear the selection and refresh. */
  onChanged(): void;
  /** Selects an entry of the list (a file just created). */
  onSelect?(userFileId: string): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const updateTree = useUpdateTree();
  if (!dialog) return null;
  if (isEditorDialog(dialog)) {
    return <EditorDialogs dialog={dialog} onClose={onClose} onChanged={onChanged} onSelect={onSelect} />;
  }

  const succeeded = (text: string) => {
    if (text) void message.success(text);
    onClose();
    onChanged();
  };

  switch (dialog.kind) {
    case 'newFolder':
      return (
        <NameDialog
          mode={dialog}
          onSubmit={async (name) => (await createFolder(dialog.parentId, name, dialog.parentPath)).msg}
          onDone={(_name, text) => succeeded(text)}
          onClose={onClose}
        />
      );
    case 'rename':
      return (
        <NameDialog
          mode={dialog}
          onSubmit={(name) => renameEntry(dialog.entry, name)}
          onDone={(name, text) => {
            if (dialog.entry.isDir) updateTree((root) => renameFolderInTree(root, dialog.entry.userFileId, name));
            succeeded(text);
          }}
          onClose={onClose}
        />
      );
    case 'move':
    case 'copy': {
      const ids = dialog.entries.map((e) => e.userFileId);
      return (
        <FolderPickerDialog
          purpose={dialog.kind}
          entries={dialog.entries}
          startFolderId={dialog.startFolderId}
          onConfirm={async (target) => {
            if (dialog.kind === 'copy') return batchCopy(ids, target.id);
            const text =
              dialog.entries.length === 1
                ? await moveEntry(dialog.entries[0]!, target.id)
                : await batchMove(ids, target.id);
            const folders = dialog.entries.filter((e) => e.isDir).map((e) => e.userFileId);
            if (folders.length) updateTree((root) => moveFoldersInTree(root, folders, target.id));
            return text;
          }}
          onDone={succeeded}
          onClose={onClose}
        />
      );
    }
    case 'detail':
      return <DetailDialog entry={dialog.entry} onClose={onClose} />;
    case 'preview':
      return <LazyFileViewer entry={dialog.entry} entries={dialog.entries} access={OWN_FILES} onClose={onClose} />;
    case 'share':
      return <ShareDialog entries={dialog.entries} onClose={onClose} onShared={onChanged} />;
    case 'sendToMachine':
      return (
        <SendToMachineDialog file={{ id: dialog.entry.userFileId, name: dialog.entry.fileName }} onClose={onClose} />
      );
    case 'object':
      return <ObjectDialog target={dialog.target} onClose={onClose} onSaved={() => succeeded('')} />;
    case 'restore': {
      const batches = [...new Set(dialog.entries.map((e) => e.deleteBatchNum).filter((n): n is string => !!n))];
      return (
        <RestoreDialog
          run={async () => {
            try {
              // each name taken meanwhile is a question: replace, keep both or skip
              const outcome = await restoreAsking(batches, `restore-${batches.join(',')}-${Date.now()}`, {
                restore: restoreBatches,
                resolve: (question) => clashResolver.resolve(question),
              });
              if (outcome.skipped) void message.info(t('drive.messages.restoredSome', outcome));
              else void message.success(outcome.msg);
            } catch (error) {
              if (!isShownByClient(error)) {
                void message.error(t('drive.messages.restoreFailed', { message: messageOf(error) }));
              }
            }
          }}
          onFinished={() => {
            onClose();
            onChanged();
          }}
        />
      );
    }
  }
}
