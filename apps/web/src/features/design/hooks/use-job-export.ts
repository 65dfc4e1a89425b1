import { exportDxf, exportSvg } from '@kerf/laser';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import { useSettings } from '../../../stores/settings-store';
import { noticeText } from '../components/job/notice-text';
import type { SaveTarget } from '../components/SaveDialog';
import { useJobRun } from '../job/use-job-run';
import type { Editor } from '../model/editor';
import type { BuiltJob } from '../model/job/build-job';
import { kerfBytes, uploadBytes } from '../save/drive-save';
import { useSignedInOrAsk } from './use-sign-in-prompt';

export const GCODE_EXTENSION = '.gcode';

/** Hands bytes to the browser as a download. */
export function downloadBytes(bytes: Uint8Array<ArrayBuffer> | string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once started
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports of the open drawing: its job as G-code (downloaded or saved into the drive), the drawing as
 * SVG, DXF or a `.kerf` file. A job with nothing to output says why instead.
 */
export function useJobExport(editor: Editor) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message, modal } = App.useApp();
  const signedIn = useSignedInOrAsk();
  const { run } = useJobRun(editor);
  const [savingGcode, setSavingGcode] = useState<BuiltJob | null>(null);
  // "send to machine": the job is saved to the drive first (the machine fetches it from there)
  const [thenSend, setThenSend] = useState(false);
  const [sending, setSending] = useState<{ id: string; name: string } | null>(null);
  const baseName = useCallback(() => editor.doc.meta.name?.trim() || t('design.untitled'), [editor, t]);

  const withJob = useCallback(
    async (then: (job: BuiltJob) => void) => {
      const result = await run();
      if (!result) return;
      if ('problem' in result) {
        modal.warning({ title: t('design.job.export.nothingTitle'), content: noticeText(t, locale, result.problem) });
        return;
      }
      then(result.built);
    },
    [run, modal, t, locale],
  );

  const downloadGcode = useCallback(
    (job: BuiltJob) =>
      downloadBytes(job.gcode as Uint8Array<ArrayBuffer>, `${baseName()}${GCODE_EXTENSION}`, 'text/x-gcode'),
    [baseName],
  );

  const askSaveGcode = useCallback(
    async (job: BuiltJob, send = false) => {
      if (!(await signedIn())) return;
      setThenSend(send);
      setSavingGcode(job);
    },
    [signedIn],
  );

  const saveGcode = useCallback(
    async (target: SaveTarget) => {
      const job = savingGcode;
      setSavingGcode(null);
      if (!job) return;
      try {
        const saved = await uploadBytes(job.gcode as Uint8Array<ArrayBuffer>, 'text/x-gcode', {
          ...target,
          replace: false,
        });
        void message.success(t('design.job.export.saved', { name: saved.fileName }));
        if (thenSend) setSending({ id: saved.userFileId, name: saved.fileName });
      } catch (error) {
        void message.error(t('design.job.export.failed', { reason: messageOf(error, String(error)) }));
      }
    },
    [savingGcode, thenSend, message, t],
  );

  const exportAs = useCallback(
    (kind: 'gcode' | 'gcodeToDrive' | 'gcodeToMachine' | 'svg' | 'dxf' | 'kerf') => {
      const name = baseName();
      try {
        if (kind === 'gcode') void withJob(downloadGcode);
        else if (kind === 'gcodeToDrive') void withJob((job) => void askSaveGcode(job));
        else if (kind === 'gcodeToMachine') void withJob((job) => void askSaveGcode(job, true));
        else if (kind === 'svg') downloadBytes(exportSvg(editor.doc), `${name}.svg`, 'image/svg+xml');
        else if (kind === 'dxf') downloadBytes(exportDxf(editor.doc), `${name}.dxf`, 'application/dxf');
        else downloadBytes(kerfBytes(editor.doc), `${name}.kerf`, 'application/json');
      } catch (error) {
        void message.error(t('design.job.export.failed', { reason: messageOf(error, String(error)) }));
      }
    },
    [editor, baseName, withJob, downloadGcode, askSaveGcode, message, t],
  );

  return {
    exportAs,
    downloadGcode,
    askSaveGcode,
    savingGcode,
    saveGcode,
    cancelSaveGcode: () => setSavingGcode(null),
    /** The saved G-code file to send to a machine, while that dialog is open. */
    sending,
    closeSending: () => setSending(null),
    gcodeName: () => baseName(),
  };
}
