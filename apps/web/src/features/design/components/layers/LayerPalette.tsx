import { App, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorState } from '../../hooks/use-editor';
import { activeLayer, applyColor } from '../../model/layers/layer-actions';
import { colorNumber, NUMBERED_COLORS } from '../../model/layers/layer-list';

/** Black or white, whichever reads better on `color` (the number printed on a swatch). */
function inkOn(color: string): string {
  const n = Number.parseInt(color.slice(1), 16);
  const luminance = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 150 ? '#1f1f1f' : '#ffffff';
}

/**
 * The numbered colours, as LightBurn's colour bar: a click moves the selected shapes to that colour's
 * layer, or with nothing selected makes it the current layer (the layer is made when missing).
 */
export function LayerPalette() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const layers = useEditorState((s) => s.doc.layers);
  const activeId = useEditorState((s) => s.activeLayerId);
  const byColor = new Map<string, { id: string; name: string }>();
  for (const layer of layers)
    if (!byColor.has(layer.color.toLowerCase())) byColor.set(layer.color.toLowerCase(), layer);

  const pick = (index: number) => {
    if (applyColor(editor, index) === 'moved')
      void message.success(t('design.layerList.moved', { name: activeLayer(editor)?.name ?? '' }));
  };

  return (
    <section className="layer-palette" aria-label={t('design.layerList.palette')}>
      <h3 className="layer-palette__title">
        {t('design.layerList.palette')}
        <span className="layer-palette__hint">{t('design.layerList.paletteHint')}</span>
      </h3>
      <div className="layer-palette__swatches">
        {NUMBERED_COLORS.map((color, index) => {
          const layer = byColor.get(color);
          const number = colorNumber(index);
          return (
            <Tooltip
              key={color}
              title={
                layer
                  ? t('design.layerList.colorTip', { number, name: layer.name })
                  : t('design.layerList.colorNew', { number })
              }
              mouseEnterDelay={0.3}
            >
              <button
                type="button"
                className={`layer-palette__swatch${layer ? ' has-layer' : ''}${layer?.id === activeId ? ' is-active' : ''}`}
                style={{ background: color, color: inkOn(color) }}
                aria-label={t('design.layerList.colorLabel', { number })}
                data-color={color}
                onClick={() => pick(index)}
              >
                {number}
              </button>
            </Tooltip>
          );
        })}
      </div>
    </section>
  );
}
