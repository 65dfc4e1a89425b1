import type { PixelRect } from '@kerf/laser';
import { Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BitmapPreviewState } from '../../bitmap/use-bitmap-preview';

/** CSS size of each pane; the preview is worked out at about twice this on the screen's pixels. */
export const PANE_WIDTH = 340;
export const PANE_HEIGHT = 260;

/** Most pixels a preview is worked out at: enough for a sharp pane, far below a full 12-megapixel grid. */
export function previewPixelBudget(devicePixelRatio: number): number {
  const dpr = Math.min(2, Math.max(1, devicePixelRatio));
  return Math.round(PANE_WIDTH * PANE_HEIGHT * 4 * dpr * dpr);
}

/** A sum of the preview's greys: the end-to-end test reads it to see the preview change. */
function greySum(data: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i]!;
  return sum;
}

/** The picture as it is (cropped) beside what the laser will burn. */
export function BitmapPreviewPanes({
  src,
  crop,
  preview,
  dpiX,
}: {
  src: string;
  crop: PixelRect;
  preview: BitmapPreviewState;
  /** The DPI set: a preview worked out coarser says so. */
  dpiX: number;
}) {
  const { t, i18n } = useTranslation();
  const original = useRef<HTMLCanvasElement>(null);
  const engraved = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const image = new Image();
    let live = true;
    image.onload = () => {
      const canvas = original.current;
      if (!live || !canvas) return;
      const fit = Math.min(1, (PANE_WIDTH * 2) / crop.width, (PANE_HEIGHT * 2) / crop.height);
      canvas.width = Math.max(1, Math.round(crop.width * fit));
      canvas.height = Math.max(1, Math.round(crop.height * fit));
      const ctx = canvas.getContext('2d');
      ctx?.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
    };
    image.src = src;
    return () => {
      live = false;
    };
  }, [src, crop]);

  const result = preview.result;
  const sum = useMemo(() => (result ? greySum(result.data) : undefined), [result]);
  useEffect(() => {
    const canvas = engraved.current;
    if (!canvas || !result) return;
    canvas.width = result.width;
    canvas.height = result.height;
    const pixels = new ImageData(result.width, result.height);
    const rgba = new Uint32Array(pixels.data.buffer);
    for (let i = 0; i < result.data.length; i++) {
      const g = result.data[i]!;
      rgba[i] = 0xff000000 | (g << 16) | (g << 8) | g;
    }
    canvas.getContext('2d')?.putImageData(pixels, 0, 0);
  }, [result]);

  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <div className="bitmap-panel__panes">
      <figure className="bitmap-panel__pane">
        <figcaption>{t('design.bitmap.original')}</figcaption>
        <div className="bitmap-panel__frame">
          <canvas ref={original} className="bitmap-panel__canvas" data-testid="bitmap-original" />
        </div>
      </figure>
      <figure className="bitmap-panel__pane">
        <figcaption>{t('design.bitmap.preview')}</figcaption>
        <div className="bitmap-panel__frame">
          <canvas
            ref={engraved}
            className="bitmap-panel__canvas bitmap-panel__canvas--engraved"
            data-testid="bitmap-preview"
            data-state={preview.busy ? 'busy' : 'ready'}
            data-grey-sum={sum}
            data-ms={result ? Math.round(result.ms) : undefined}
          />
          {preview.busy ? <Spin className="bitmap-panel__spin" size="small" /> : null}
        </div>
        <div className="bitmap-panel__info" aria-live="polite">
          {preview.refusal ? (
            <span className="bitmap-panel__refusal">{preview.refusal[lang]}</span>
          ) : result ? (
            t('design.bitmap.previewInfo', {
              width: result.width,
              height: result.height,
              dpi: Math.round(result.dpiX),
              ms: Math.round(result.ms),
            })
          ) : (
            t('design.bitmap.previewBusy')
          )}
        </div>
        {result && result.dpiX < dpiX - 1e-6 ? (
          <div className="bitmap-panel__note">{t('design.bitmap.previewReduced')}</div>
        ) : null}
      </figure>
    </div>
  );
}
