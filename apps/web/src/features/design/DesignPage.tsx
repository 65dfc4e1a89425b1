import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../api/drive-api';
import { DesignCanvas } from './components/DesignCanvas';
import { DesignHeader } from './components/DesignHeader';
import { DrivePickerDialog } from './components/DrivePickerDialog';
import { ImportProgressDialog } from './components/ImportProgressDialog';
import { LayersPanel } from './components/LayersPanel';
import { PropertiesBar } from './components/PropertiesBar';
import { SaveDialog } from './components/SaveDialog';
import { StatusBar } from './components/StatusBar';
import { ToolBar } from './components/ToolBar';
import { useDraft } from './hooks/use-draft';
import { EditorContext } from './hooks/use-editor';
import { useImport } from './hooks/use-import';
import { useOpenFromDrive } from './hooks/use-open-from-drive';
import { useOpenObjectDrawing } from './hooks/use-open-object-drawing';
import { useOpenPluginResult } from './hooks/use-open-plugin-result';
import { useSave } from './hooks/use-save';
import { useSignedInOrAsk } from './hooks/use-sign-in-prompt';
import { zoomToWorkArea } from './model/actions/selection-actions';
import { Editor } from './model/editor';
import { readDriveFile } from './save/drive-save';
import './design.css';

/**
 * The design editor (/design and /design3, SPEC §2): open to everyone. The editor lives outside React;
 * the page lays out its bars around the canvas and keeps a draft of the drawing in the browser.
 */
export function DesignPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editor] = useState(() => new Editor());
  const openingFile = useOpenFromDrive(editor);
  const draftSettled = useDraft(editor, openingFile);
  useOpenPluginResult(editor, draftSettled);
  const { importFiles, progress, cancel } = useImport(editor);
  useOpenObjectDrawing(importFiles);
  const saving = useSave(editor);
  const signedIn = useSignedInOrAsk();
  const [picking, setPicking] = useState(false);
  const importFromDrive = async (entry: DriveEntry) => {
    setPicking(false);
    const file = await readDriveFile(entry.userFileId).catch((error: Error) => {
      void message.error(t('design.save.openFailed', { reason: error.message }));
      return null;
    });
    if (file) await importFiles([new File([file.bytes], entry.fileName)]);
  };
  useEffect(() => {
    // Ctrl+S saves here, not the browser's page
    const keydown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saving.save();
      }
    };
    window.addEventListener('keydown', keydown);
    return () => window.removeEventListener('keydown', keydown);
  }, [saving.save]);
  useEffect(() => {
    // the first real viewport size arrives from the canvas; fit the work area into it once
    const off = editor.store.subscribe((next, previous) => {
      if (next.viewport !== previous.viewport) {
        off();
        zoomToWorkArea(editor);
      }
    });
    return off;
  }, [editor]);
  return (
    <EditorContext.Provider value={editor}>
      <div className="design-page">
        <DesignHeader
          onImport={importFiles}
          onImportFromDrive={() => void signedIn().then((yes) => yes && setPicking(true))}
          onSave={() => void saving.save()}
          saving={saving.saving}
        />
        <PropertiesBar />
        <div className="design-page__body">
          <ToolBar />
          <DesignCanvas onImport={importFiles} />
          <LayersPanel />
        </div>
        <StatusBar />
        {progress ? <ImportProgressDialog progress={progress} onCancel={cancel} /> : null}
        {picking ? (
          <DrivePickerDialog onPick={(entry) => void importFromDrive(entry)} onClose={() => setPicking(false)} />
        ) : null}
        {saving.dialogOpen ? (
          <SaveDialog
            initialName={editor.doc.meta.name || t('design.untitled')}
            onSave={(target) => void saving.saveAs(target)}
            onClose={saving.closeDialog}
          />
        ) : null}
      </div>
    </EditorContext.Provider>
  );
}
