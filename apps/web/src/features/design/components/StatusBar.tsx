import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../stores/create-store';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { pointerStore } from './DesignCanvas';

const mm = (v: number) => v.toFixed(2);

/** The pointer's position in mm, the zoom, how many shapes, and the snap and grid switches. */
export function StatusBar() {
  const { t } = useTranslation();
  const editor = useEditor();
  const pointer = useStore(pointerStore, (p) => p);
  const zoom = useEditorState((s) => s.camera.zoom);
  const count = useEditorState((s) => s.doc.shapes.length);
  const snap = useEditorState((s) => s.snap);
  const showGrid = useEditorState((s) => s.showGrid);
  return (
    <footer className="design-status">
      <span className="design-status__item" data-testid="design-cursor">
        {t('design.status.cursor')}: {pointer ? `${mm(pointer.x)}, ${mm(pointer.y)} mm` : '—'}
      </span>
      <span className="design-status__item" data-testid="design-zoom">
        {t('design.status.zoom')}: {Math.round((zoom / (96 / 25.4)) * 100)}%
      </span>
      <span className="design-status__item">{t('design.status.shapes', { count })}</span>
      <span className="design-status__spacer" />
      <span className="design-status__item">
        <Switch
          size="small"
          checked={snap.enabled}
          onChange={(enabled) => editor.store.set({ snap: { ...snap, enabled } })}
          aria-label={t('design.status.snap')}
        />
        {t('design.status.snap')}
      </span>
      <span className="design-status__item">
        <Switch
          size="small"
          checked={showGrid}
          onChange={(on) => editor.store.set({ showGrid: on })}
          aria-label={t('design.status.grid')}
        />
        {t('design.status.grid')}
      </span>
    </footer>
  );
}
