import { type BitmapSettings, DITHER_METHODS, MAX_DPI, type PixelRect } from '@kerf/laser';
import { Button, Divider, InputNumber, Segmented, Select, Slider, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { plainNumber } from '../../../../app/components/plain-number';

/** Settings as the panel edits them: brightness, contrast and gamma always present. */
export type BitmapDraftSettings = BitmapSettings & Required<Pick<BitmapSettings, 'brightness' | 'contrast' | 'gamma'>>;

interface Props {
  settings: BitmapDraftSettings;
  onSettings(patch: Partial<BitmapDraftSettings>): void;
  crop: PixelRect;
  pixelWidth: number;
  pixelHeight: number;
  onCrop(crop: PixelRect): void;
}

const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;

/** Every bitmap setting of SPEC §3 plus dithering and tone, with units and ranges, and the crop box. */
export function BitmapSettingsForm({ settings, onSettings, crop, pixelWidth, pixelHeight, onCrop }: Props) {
  const { t } = useTranslation();
  const s = settings;

  const row = (label: string, control: ReactNode, note?: ReactNode) => (
    <div className="bitmap-panel__row">
      <span className="bitmap-panel__label">{label}</span>
      <span className="bitmap-panel__control">{control}</span>
      {note ? <span className="bitmap-panel__note">{note}</span> : null}
    </div>
  );
  /** A slider with a number box beside it; both change the draft at once (the preview follows). */
  const slider = (
    key: 'brightness' | 'contrast' | 'gamma',
    range: { min: number; max: number; step: number; sliderMax?: number },
    note: string,
  ) =>
    row(
      t(`design.bitmap.${key}`),
      <span className="bitmap-panel__slider">
        <Slider
          min={range.min}
          max={range.sliderMax ?? range.max}
          step={range.step}
          value={s[key]}
          onChange={(v) => onSettings({ [key]: v })}
        />
        <InputNumber<number>
          size="small"
          aria-label={t(`design.bitmap.${key}`)}
          min={range.min}
          max={range.max}
          step={range.step}
          value={s[key]}
          formatter={plainNumber}
          onChange={(v) => v !== null && v >= range.min && v <= range.max && onSettings({ [key]: v })}
        />
      </span>,
      note,
    );
  const number = (
    key: 'greyLevel' | 'threshold' | 'dot' | 'slope' | 'dpiX' | 'dpiY',
    min: number,
    max: number,
    unit: string,
    note?: ReactNode,
  ) =>
    row(
      t(`design.bitmap.${key}`),
      <InputNumber<number>
        size="small"
        aria-label={t(`design.bitmap.${key}`)}
        min={min}
        max={max}
        precision={key === 'slope' ? 1 : 0}
        value={s[key]}
        formatter={plainNumber}
        addonAfter={unit || undefined}
        onChange={(v) => v !== null && v >= min && v <= max && onSettings({ [key]: v })}
      />,
      note,
    );
  const interval = (dpi: number) => t('design.bitmap.lineInterval', { mm: (25.4 / dpi).toFixed(3) });
  const cropField = (key: keyof PixelRect, label: string, max: number) => (
    <InputNumber<number>
      size="small"
      aria-label={label}
      prefix={label}
      min={key === 'width' || key === 'height' ? 1 : 0}
      max={max}
      precision={0}
      value={crop[key]}
      onChange={(v) => v !== null && onCrop(clampCrop({ ...crop, [key]: v }, pixelWidth, pixelHeight))}
    />
  );
  const u = (unit: string) => t(`design.bitmap.units.${unit}` as never);

  return (
    <div className="bitmap-panel__form">
      <Divider titlePlacement="start">{t('design.bitmap.sections.adjust')}</Divider>
      {slider('brightness', { min: -100, max: 100, step: 1 }, '−100…100')}
      {slider('contrast', { min: -100, max: 100, step: 1 }, '−100…100')}
      {/* most photos want 0.3–3; the box takes the whole 0.1–10 */}
      {slider('gamma', { min: 0.1, max: 10, step: 0.05, sliderMax: 3 }, '0.1…10')}
      {row(
        t('design.bitmap.invert'),
        <Switch size="small" checked={s.invert} onChange={(invert) => onSettings({ invert })} />,
      )}

      <Divider titlePlacement="start">{t('design.bitmap.sections.dither')}</Divider>
      {row(
        t('design.bitmap.dither'),
        <Select
          size="small"
          aria-label={t('design.bitmap.dither')}
          className="bitmap-panel__select"
          value={s.dither}
          options={DITHER_METHODS.map((m) => ({ value: m, label: t(`design.bitmap.methods.${m}`) }))}
          onChange={(dither) => onSettings({ dither })}
        />,
      )}
      {s.dither === 'threshold' ? number('threshold', 0, 255, '', '0…255') : null}
      {s.dither === 'halftone' ? number('dot', 1, 256, u('pixel'), '1…256') : null}
      {s.dither === 'halftone' ? number('slope', -360, 360, u('degree'), '−360…360') : null}
      {number('greyLevel', 2, 256, u('levels'), '2…256')}

      <Divider titlePlacement="start">{t('design.bitmap.sections.scan')}</Divider>
      {row(
        t('design.bitmap.scanDirection'),
        <Segmented
          size="small"
          value={s.scanDirection}
          options={(['horizontal', 'vertical'] as const).map((d) => ({
            value: d,
            label: t(`design.bitmap.directions.${d}`),
          }))}
          onChange={(scanDirection) => onSettings({ scanDirection })}
        />,
      )}
      {row(
        t('design.bitmap.startPosition'),
        <Select
          size="small"
          aria-label={t('design.bitmap.startPosition')}
          className="bitmap-panel__select"
          value={s.startPosition}
          options={CORNERS.map((c) => ({ value: c, label: t(`design.bitmap.corners.${c}`) }))}
          onChange={(startPosition) => onSettings({ startPosition })}
        />,
      )}
      {row(
        t('design.bitmap.bidirectional'),
        <Switch size="small" checked={s.bidirectional} onChange={(bidirectional) => onSettings({ bidirectional })} />,
      )}
      {number('dpiX', 10, MAX_DPI, u('dpi'), interval(s.dpiX))}
      {number('dpiY', 10, MAX_DPI, u('dpi'), interval(s.dpiY))}

      <Divider titlePlacement="start">{t('design.bitmap.sections.crop')}</Divider>
      <div className="bitmap-panel__crop">
        {cropField('x', t('design.bitmap.cropX'), pixelWidth - 1)}
        {cropField('y', t('design.bitmap.cropY'), pixelHeight - 1)}
        {cropField('width', t('design.bitmap.cropWidth'), pixelWidth)}
        {cropField('height', t('design.bitmap.cropHeight'), pixelHeight)}
        <Button size="small" onClick={() => onCrop({ x: 0, y: 0, width: pixelWidth, height: pixelHeight })}>
          {t('design.bitmap.cropReset')}
        </Button>
      </div>
      <div className="bitmap-panel__note">
        {t('design.bitmap.cropHint', { width: pixelWidth, height: pixelHeight })}
      </div>
    </div>
  );
}

/** Keeps a crop inside the picture and at least one pixel big. */
export function clampCrop(crop: PixelRect, pixelWidth: number, pixelHeight: number): PixelRect {
  const x = Math.min(Math.max(0, Math.round(crop.x)), pixelWidth - 1);
  const y = Math.min(Math.max(0, Math.round(crop.y)), pixelHeight - 1);
  const width = Math.min(Math.max(1, Math.round(crop.width)), pixelWidth - x);
  const height = Math.min(Math.max(1, Math.round(crop.height)), pixelHeight - y);
  return { x, y, width, height };
}
