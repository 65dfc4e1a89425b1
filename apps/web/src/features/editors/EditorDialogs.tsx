import type { NewFileType } from '@kerf/contract';
import { App } from 'antd';
import { useState } from 'react';
import type { DriveEntry } from '../../api/drive-api';
import { downloadUrl } from '../../api/transfer-api';
import { useCan } from '../../app/access/use-can';
import { useRefreshDrive } from '../drive/hooks/use-drive-data';
import { useDriveLocation } from '../drive/hooks/use-drive-location';
import { NewFileDialog } from './new-file/NewFileDialog';
import { opensInEditor } from './open-in-editor';
import { TextFileEditor } from './TextFileLauncher';
import { UnzipDialog } from './unzip/UnzipDialog';

/** The drive's dialogs that belong to the editors: the text editors, new file, unzip. */
export type EditorDialog =
  | { kind: 'text'; entry: DriveEntry; editable: boolean }
  | { kind: 'newFile'; folderId: string; folderPath: string; fileType?: NewFileType }
  | { kind: 'unzip'; entry: DriveEntry };

export function isEditorDialog(dialog: { kind: string }): dialog is EditorDialog {
  return dialog.kind === 'text' || dialog.kind === 'newFile' || dialog.kind === 'unzip';
}

export function EditorDialogs({
  dialog,
  onClose,
  onChanged,
  onSelect,
}: {
  dialog: EditorDialog;
  onClose(): void;
  /** Entries were added: clear the selection and refresh. */
  onChanged(): void;
  /** Selects an entry of the list (the file just made). */
  onSelect?(userFileId: string): void;
}) {
  const { message } = App.useApp();
  const refresh = useRefreshDrive();
  const { openPath } = useDriveLocation();
  // a new text or markdown file opens in the editor right away
  const [created, setCreated] = useState<DriveEntry | null>(null);
  const mayEdit = useCan().permission('drive:file:edit');

  const editor = (entry: DriveEntry, editable: boolean) => (
    <TextFileEditor
      file={entry}
      editable={editable}
      // the drive shows my own files: opened to read, they can be switched to editing if I may edit
      mayEdit={mayEdit}
      downloadUrl={downloadUrl(entry.userFileId)}
      onClose={onClose}
      onSaved={() => void refresh()}
    />
  );

  switch (dialog.kind) {
    case 'text':
      return editor(dialog.entry, dialog.editable);
    case 'newFile':
      if (created) return editor(created, true);
      return (
        <NewFileDialog
          folderId={dialog.folderId}
          folderPath={dialog.folderPath}
          initialType={dialog.fileType}
          onCreated={(entry, text) => {
            void message.success(text);
            onChanged();
            onSelect?.(entry.userFileId);
            if (opensInEditor(entry) && (entry.extendName === 'txt' || entry.extendName === 'md')) setCreated(entry);
            else onClose();
          }}
          onClose={onClose}
        />
      );
    case 'unzip':
      return (
        <UnzipDialog
          archive={dialog.entry}
          onFinished={onChanged}
          onOpenFolder={(path) => openPath(path)}
          onClose={onClose}
        />
      );
  }
}
