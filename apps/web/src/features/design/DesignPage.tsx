import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignCanvas } from './components/DesignCanvas';
import { DesignHeader } from './components/DesignHeader';
import { ImportProgressDialog } from './components/ImportProgressDialog';
import { LayersPanel } from './components/LayersPanel';
import { PropertiesBar } from './components/PropertiesBar';
import { StatusBar } from './components/StatusBar';
import { ToolBar } from './components/ToolBar';
import { useDraft } from './hooks/use-draft';
import { EditorContext } from './hooks/use-editor';
import { useImport } from './hooks/use-import';
import { zoomToWorkArea } from './model/actions/selection-actions';
import { Editor } from './model/editor';
import './design.css';

/**
 * The design editor (/design and /design3, SPEC §2): open to everyone. The editor lives outside React;
 * the page lays out its bars around the canvas and keeps a draft of the drawing in the browser.
 */
export function DesignPage() {
  const { t } = useTranslation();
  const [editor] = useState(() => new Editor());
  useDraft(editor);
  const { importFiles, progress, cancel } = useImport(editor);
  useEffect(() => {
    document.title = `${t('design.title')} · Kerf`;
  }, [t]);
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
        <DesignHeader onImport={importFiles} />
        <PropertiesBar />
        <div className="design-page__body">
          <ToolBar />
          <DesignCanvas onImport={importFiles} />
          <LayersPanel />
        </div>
        <StatusBar />
        {progress ? <ImportProgressDialog progress={progress} onCancel={cancel} /> : null}
      </div>
    </EditorContext.Provider>
  );
}
