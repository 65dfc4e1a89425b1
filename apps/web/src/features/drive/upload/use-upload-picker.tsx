import { App } from 'antd';
import { type ChangeEvent, type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { driveUploads } from './drive-uploads';
import { droppedFiles, filesFromInput, type PickedFile } from './picked-files';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The ways files reach the upload queue from the drive: the file and folder inputs and drag and drop
 * of files and folders onto the list. Returns the hidden inputs to render and the drop handlers.
 */
export function useUploadPicker({
  enabled,
  folderId,
  targetPath,
}: {
  enabled: boolean;
  folderId: string;
  targetPath: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const queue = (picked: PickedFile[]) => {
    if (!picked.length) return;
    if (!enabled) {
      void message.warning(t('drive.upload.notHere'));
      return;
    }
    driveUploads.add(
      picked.map(({ file, relativePath }) => ({ file, relativePath })),
      { folderId, targetPath },
    );
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files ? filesFromInput(event.target.files) : [];
    event.target.value = '';
    queue(picked);
  };

  const inputs = (
    <>
      <input ref={filesInput} type="file" multiple hidden onChange={onInput} data-testid="drive-upload-files" />
      <input
        ref={(el) => {
          folderInput.current = el;
          if (el) el.webkitdirectory = true;
        }}
        type="file"
        multiple
        hidden
        onChange={onInput}
        data-testid="drive-upload-folder"
      />
    </>
  );

  return {
    inputs,
    dragging,
    chooseFiles: () => filesInput.current?.click(),
    chooseFolder: () => folderInput.current?.click(),
    onDragEnter(event: DragEvent) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      if (enabled) setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
    },
    onDragLeave(event: DragEvent) {
      if (!hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      // the entries must be taken before the handler returns
      void droppedFiles(event.dataTransfer).then(queue);
    },
  };
}
