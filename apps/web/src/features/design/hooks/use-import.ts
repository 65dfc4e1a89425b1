import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../stores/settings-store';
import { ImportCancelled, ImportRefused, importDwgOnServer, importInWorker } from '../import/run-import';
import { zoomToSelection } from '../model/actions/selection-actions';
import type { Editor } from '../model/editor';
import { importKindOf } from '../model/import/import-drawing';
import { applyMerge, planMerge } from '../model/import/merge-import';

export interface ImportProgress {
  name: string;
  /** 0–1; parsing shows as 0.5 until it ends. */
  fraction: number;
}

/**
 * Imports files into the open drawing, one after another: SVG, DXF, pictures and .kerf are read in a
 * Web Worker, DWG on the server. Each file is one undo step, selected and shown when it lands; a refusal
 * shows the core's reason and leaves the drawing as it was.
 */
export function useImport(editor: Editor) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const importFiles = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        const kind = importKindOf(file.name);
        if (!kind) {
          void message.error(t('design.import.unsupported', { name: file.name }));
          continue;
        }
        const controller = new AbortController();
        running.current = controller;
        const report = (fraction: number) => setProgress({ name: file.name, fraction });
        report(0);
        try {
          const doc =
            kind === 'dwg'
              ? await importDwgOnServer(file, report, controller.signal)
              : await importInWorker(file, file.name, report, controller.signal);
          if (doc.shapes.length === 0) {
            void message.warning(t('design.import.empty', { name: file.name }));
            continue;
          }
          const plan = planMerge(editor.doc, doc);
          editor.setTool('select');
          editor.store.change(
            'import',
            applyMerge(plan),
            plan.shapes.map((s) => s.id),
          );
          zoomToSelection(editor);
          for (const warning of doc.meta.warnings?.slice(0, 3) ?? []) void message.warning(warning);
        } catch (error) {
          if (error instanceof ImportCancelled) break;
          const text = error instanceof ImportRefused ? error.refusal[locale] : String(error);
          void message.error(`${file.name}: ${text}`);
        } finally {
          running.current = null;
          setProgress(null);
        }
      }
    },
    [editor, locale, message, t],
  );

  const cancel = useCallback(() => running.current?.abort(), []);
  return { importFiles, progress, cancel };
}
