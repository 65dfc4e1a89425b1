import { type Locale, type PluginManifest, pluginMessages } from '@kerf/contract';
import { leafShapes } from '@kerf/laser';
import { Alert, App, Button, Modal, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import { useSettings } from '../../../../stores/settings-store';
import { PluginIcon } from '../../../plugins/run/components/PluginIcon';
import { PluginRunPanel } from '../../../plugins/run/components/PluginRunPanel';
import type { PluginRunContext } from '../../../plugins/run/hooks/use-live-plugin-run';
import { usePluginDetail, usePluginEntry } from '../../../plugins/run/hooks/use-plugin-data';
import { usePluginSession } from '../../../plugins/run/hooks/use-plugin-session';
import { runErrorText } from '../../../plugins/run/model/run-error';
import { useEditor } from '../../hooks/use-editor';
import { zoomToSelection } from '../../model/actions/selection-actions';
import { visibleBounds } from '../../model/camera';
import type { Editor } from '../../model/editor';
import { boundsOf } from '../../model/geometry/shape-geometry';
import { insertPluginAnswer, selectionForPlugin } from '../../model/plugins/insert-plugin-result';
import type { MenuPlugin } from './PluginsMenu';
import './plugin-dialog.css';

/**
 * A plugin chosen from the editor's menu: its parameters and a live preview (run with the selection
 * when the plugin reads it); "insert" adds the answer to the drawing as one undoable step on the
 * current layer and selects it.
 */
export function PluginDialog({ plugin, onClose }: { plugin: MenuPlugin; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  // a visitor's menu lists plugins without their manifest: it comes with the plugin's details
  const detail = usePluginDetail(plugin.manifest ? null : plugin.id);
  const manifest = plugin.manifest ?? detail.data?.manifest;
  const entry = usePluginEntry(plugin.id, plugin.version);
  const failure = detail.error ?? entry.error;
  return (
    <Modal
      open
      title={
        <span className="plugin-dialog__title">
          <PluginIcon id={plugin.id} version={plugin.version} hasIcon={plugin.hasIcon} size={24} />
          {plugin.name[locale]}
        </span>
      }
      onCancel={onClose}
      width={960}
      footer={null}
      wrapClassName="plugin-dialog"
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon title={t('plugin-run.load.failed', { reason: messageOf(failure) })} />
      ) : manifest && entry.data ? (
        <PluginInsertBody code={entry.data} manifest={manifest} locale={locale} onClose={onClose} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

function PluginInsertBody({
  code,
  manifest,
  locale,
  onClose,
}: {
  code: string;
  manifest: PluginManifest;
  locale: Locale;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const source = useMemo(() => ({ code, manifest }), [code, manifest]);
  const readsSelection = manifest.permissions.includes('selection:read');
  // the selection is read once, as the dialog opens: the canvas cannot change under a modal
  const [selection] = useState(() =>
    readsSelection ? selectionForPlugin(editor.doc, editor.state.selection) : undefined,
  );
  const context = useMemo<PluginRunContext>(
    () => ({
      locale,
      workArea: { width: editor.doc.width, height: editor.doc.height },
      ...(selection ? { selection } : {}),
    }),
    [locale, editor, selection],
  );
  const session = usePluginSession(source, context);
  const [busy, setBusy] = useState(false);
  const { run, params } = session;
  const placement = run.state.result?.placement;

  const insert = async () => {
    setBusy(true);
    try {
      const answer = await run.runNow();
      if (!answer) return;
      const ids = insertPluginAnswer(editor, answer);
      if (ids.length === 0) {
        void message.warning(t('plugin-run.preview.empty'));
        return;
      }
      showInserted(editor);
      void message.success(t('plugin-run.editor.inserted', { count: leafShapes(editor.selectedShapes).length }));
      onClose();
    } catch (error) {
      void message.error(runErrorText(error, locale));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {readsSelection ? (
        <Alert
          className="plugin-dialog__selection"
          type={selection?.shapes.length ? 'info' : 'warning'}
          showIcon
          title={
            selection?.shapes.length
              ? t('plugin-run.editor.readsSelection', { count: selection.shapes.length })
              : pluginMessages.needsSelection[locale]
          }
        />
      ) : null}
      <PluginRunPanel session={session} />
      <div className="plugin-dialog__footer">
        <span className="plugin-dialog__placement">
          {placement === 'document'
            ? t('plugin-run.editor.placementDocument')
            : placement === 'free'
              ? t('plugin-run.editor.placementFree')
              : ''}
        </span>
        <Button onClick={onClose}>{t('plugin-run.editor.cancel')}</Button>
        <Button
          type="primary"
          loading={busy}
          disabled={!params.check.ok || run.state.status === 'failed'}
          onClick={() => void insert()}
          data-testid="plugin-insert"
        >
          {t('plugin-run.editor.insert')}
        </Button>
      </div>
    </>
  );
}

/** Brings the inserted shapes into view when some of them fall outside it. */
function showInserted(editor: Editor) {
  const bounds = boundsOf(editor.selectedShapes);
  const view = visibleBounds(editor.state.camera, editor.state.viewport);
  if (!bounds) return;
  const inside =
    bounds.minX >= view.minX && bounds.minY >= view.minY && bounds.maxX <= view.maxX && bounds.maxY <= view.maxY;
  if (!inside) zoomToSelection(editor);
}
