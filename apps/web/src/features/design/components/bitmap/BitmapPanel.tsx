import { type BitmapShape, DEFAULT_BITMAP_SETTINGS, NEUTRAL_TONE, type PixelRect } from '@kerf/laser';
import { App, Button, Drawer, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TraceFailed, traceInWorker } from '../../bitmap/trace-client';
import { useBitmapPreview } from '../../bitmap/use-bitmap-preview';
import { useEditor } from '../../hooks/use-editor';
import { cropOf, traceBitmapInto, traceLayer, updateBitmap } from '../../model/actions/bitmap-actions';
import { newId } from '../../model/ids';
import { BitmapPreviewPanes, previewPixelBudget } from './BitmapPreviewPanes';
import { type BitmapDraftSettings, BitmapSettingsForm } from './BitmapSettingsForm';
import './bitmap-panel.css';

/**
 * The bitmap panel (LightBurn's "Adjust image", xTool's bitmap settings): every setting with a live
 * preview of the engraving beside the picture. The panel edits a draft; Apply writes settings and crop
 * as one undoable step, so trying values out never fills the undo history.
 */
export function BitmapPanel({ bitmap, onClose }: { bitmap: BitmapShape; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const [settings, setSettings] = useState<BitmapDraftSettings>(() => ({ ...NEUTRAL_TONE, ...bitmap.settings }));
  const [crop, setCrop] = useState<PixelRect>(() => cropOf(bitmap));
  const [tracing, setTracing] = useState(false);
  // the frame the draft crop would have: the picture keeps its scale on the work area
  const before = cropOf(bitmap);
  const width = (crop.width * bitmap.width) / before.width;
  const height = (crop.height * bitmap.height) / before.height;
  const draftShape = useMemo(() => ({ width, height, settings, crop }), [width, height, settings, crop]);
  const [maxPixels] = useState(() => previewPixelBudget(window.devicePixelRatio || 1));
  const preview = useBitmapPreview(bitmap.src, draftShape, maxPixels);

  const apply = () => {
    editor.store.change(t('design.bitmap.applied'), updateBitmap(bitmap.id, settings, crop));
    onClose();
  };
  const trace = async () => {
    setTracing(true);
    try {
      const path = await traceInWorker(bitmap.src, draftShape);
      if (path.length === 0) {
        void message.warning(t('design.bitmap.traceEmpty'));
        return;
      }
      const id = newId();
      const target = traceLayer(editor.doc);
      editor.store.change(t('design.bitmap.traced'), traceBitmapInto(bitmap.id, settings, crop, path, target, id), [
        id,
      ]);
      void message.success(t('design.bitmap.traceDone', { count: path.length }));
      onClose();
    } catch (error) {
      const text =
        error instanceof TraceFailed ? error.refusal[i18n.language === 'en' ? 'en' : 'zh-CN'] : String(error);
      void message.error(text);
    } finally {
      setTracing(false);
    }
  };

  return (
    <Drawer
      open
      width={780}
      title={t('design.bitmap.title')}
      onClose={onClose}
      destroyOnHidden
      className="bitmap-panel"
      footer={
        <div className="bitmap-panel__footer">
          <Tooltip title={t('design.bitmap.traceHint')}>
            <Button loading={tracing} onClick={() => void trace()}>
              {t('design.bitmap.trace')}
            </Button>
          </Tooltip>
          <Space>
            <Button
              onClick={() => {
                setSettings({ ...NEUTRAL_TONE, ...DEFAULT_BITMAP_SETTINGS, dpiX: settings.dpiX, dpiY: settings.dpiY });
              }}
            >
              {t('design.bitmap.reset')}
            </Button>
            <Button onClick={onClose}>{t('design.bitmap.cancel')}</Button>
            <Button type="primary" onClick={apply}>
              {t('design.bitmap.apply')}
            </Button>
          </Space>
        </div>
      }
    >
      <BitmapPreviewPanes src={bitmap.src} crop={crop} preview={preview} dpiX={settings.dpiX} />
      <BitmapSettingsForm
        settings={settings}
        onSettings={(patch) => setSettings((s) => ({ ...s, ...patch }))}
        crop={crop}
        pixelWidth={bitmap.pixelWidth}
        pixelHeight={bitmap.pixelHeight}
        onCrop={setCrop}
      />
    </Drawer>
  );
}
