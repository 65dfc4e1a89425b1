import { leafShapes } from '@kerf/laser';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { LayerCraftSection } from './LayerCraftSection';

/** The drawing's layers with their colours and shape counts; a click makes one the layer new shapes go on. */
export function LayersPanel() {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorState((s) => s.doc);
  const active = useEditorState((s) => s.activeLayerId);
  const counts = useMemo(() => {
    const byLayer = new Map<string, number>();
    for (const { shape } of leafShapes(doc.shapes)) byLayer.set(shape.layerId, (byLayer.get(shape.layerId) ?? 0) + 1);
    return byLayer;
  }, [doc.shapes]);
  return (
    <aside className="design-layers" aria-label={t('design.layers.title')}>
      <h2 className="design-layers__title">{t('design.layers.title')}</h2>
      <ul className="design-layers__list">
        {doc.layers.map((layer) => (
          <li key={layer.id}>
            <button
              type="button"
              className={`design-layers__row${layer.id === active ? ' is-active' : ''}`}
              aria-pressed={layer.id === active}
              onClick={() => editor.store.set({ activeLayerId: layer.id })}
            >
              <span className="design-layers__swatch" style={{ background: layer.color }} />
              <span className="design-layers__name">{layer.name}</span>
              <span className="design-layers__count">
                {t('design.layers.count', { count: counts.get(layer.id) ?? 0 })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LayerCraftSection />
    </aside>
  );
}
