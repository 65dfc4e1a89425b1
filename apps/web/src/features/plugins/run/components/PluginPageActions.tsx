import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { exportDxf, exportSvg } from '@kerf/laser';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadBytes } from '../../../design/hooks/use-job-export';
import { browserHandoffStore } from '../editor-handoff-store';
import type { PluginSession } from '../hooks/use-plugin-session';
import { HANDOFF_QUERY, leaveForEditor } from '../model/editor-handoff';
import { exportableDocument, exportFileName } from '../model/export-files';
import { runErrorText } from '../model/run-error';

type Action = 'svg' | 'dxf' | 'editor';

/**
 * What the plugin page does with an answer: download it as SVG or DXF, or carry it into the editor.
 * Each uses the answer for the values shown (the preview's, or a run of its own if that is behind).
 */
export function PluginPageActions({ session }: { session: PluginSession }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Action | null>(null);
  const { manifest, context, params, run } = session;
  const name = manifest.name[context.locale];
  const empty = run.state.status === 'done' && run.state.result?.document.shapes.length === 0;
  const disabled = !params.check.ok || run.state.status === 'failed' || empty || busy !== null;

  const act = async (action: Action) => {
    setBusy(action);
    try {
      const answer = await run.runNow();
      if (!answer) return;
      if (action === 'editor') {
        const key = await leaveForEditor(browserHandoffStore, answer);
        void navigate(`/design?${HANDOFF_QUERY}=${encodeURIComponent(key)}`);
        return;
      }
      const doc = exportableDocument(answer, name);
      if (action === 'svg') downloadBytes(exportSvg(doc), exportFileName(name, 'svg'), 'image/svg+xml');
      else downloadBytes(exportDxf(doc), exportFileName(name, 'dxf'), 'application/dxf');
    } catch (error) {
      void message.error(runErrorText(error, context.locale));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'svg'}
        disabled={disabled && busy !== 'svg'}
        onClick={() => void act('svg')}
        data-testid="plugin-export-svg"
      >
        {t('plugin-run.actions.exportSvg')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'dxf'}
        disabled={disabled && busy !== 'dxf'}
        onClick={() => void act('dxf')}
        data-testid="plugin-export-dxf"
      >
        {t('plugin-run.actions.exportDxf')}
      </Button>
      <Button
        type="primary"
        icon={<EditOutlined />}
        loading={busy === 'editor'}
        disabled={disabled && busy !== 'editor'}
        onClick={() => void act('editor')}
        data-testid="plugin-open-editor"
      >
        {t('plugin-run.actions.openEditor')}
      </Button>
    </>
  );
}
