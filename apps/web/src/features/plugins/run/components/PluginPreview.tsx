import type { Locale } from '@kerf/contract';
import { Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PluginAnswer } from '../hooks/use-live-plugin-run';
import type { LiveRunState } from '../model/live-runner';
import { previewPicture, sizeOf, viewBoxOf } from '../model/preview-picture';
import { runErrorText } from '../model/run-error';
import './plugin-preview.css';

/**
 * The live preview: the newest answer drawn in its layers' colours (fill layers filled), the run in
 * progress over it, its size and shape count, and a failed run's reason in plain words. Stable ids for
 * tests: `#plugin-preview` carries `data-shapes` once a run has answered, `#plugin-run-error` the reason.
 */
export function PluginPreview({
  state,
  locale,
  invalid,
}: {
  state: LiveRunState<unknown, PluginAnswer>;
  locale: Locale;
  /** A field does not do: what shows is the last good answer, if any. */
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const picture = useMemo(() => (state.result ? previewPicture(state.result.document) : null), [state.result]);
  const size = sizeOf(picture?.bounds ?? null);
  const busy = state.status === 'waiting' || state.status === 'running';
  const failed = state.status === 'failed';

  let note: string | null = null;
  if (!picture && !failed) note = invalid ? t('plugin-run.preview.waiting') : t('plugin-run.preview.running');
  else if (picture && !picture.bounds) note = t('plugin-run.preview.empty');

  return (
    <div className="plugin-preview">
      <div
        id="plugin-preview"
        data-testid="plugin-preview"
        className={busy ? 'plugin-preview__board is-busy' : 'plugin-preview__board'}
        data-status={state.status}
        data-shapes={picture ? picture.shapeCount : undefined}
        data-size={size ? `${size.width}x${size.height}` : undefined}
        aria-busy={busy}
      >
        {picture?.bounds ? (
          <svg
            className="plugin-preview__svg"
            viewBox={viewBoxOf(picture.bounds)}
            preserveAspectRatio="xMidYMid meet"
            role="img"
            aria-label={t('plugin-run.preview.title')}
          >
            {picture.layers.map((layer) => (
              <path
                key={layer.id}
                d={layer.d}
                fill={layer.mode === 'fill' ? layer.color : 'none'}
                fillRule="evenodd"
                fillOpacity={0.85}
                stroke={layer.color}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
        ) : null}
        {note ? <div className="plugin-preview__note">{note}</div> : null}
        {busy ? (
          <Spin size="small" className="plugin-preview__spin" aria-label={t('plugin-run.preview.running')} />
        ) : null}
      </div>
      <div className="plugin-preview__facts" data-testid="plugin-preview-facts">
        {size ? <span data-testid="plugin-size">{t('plugin-run.preview.size', size)}</span> : null}
        {picture && picture.shapeCount > 0 ? (
          <span>{t('plugin-run.preview.shapes', { count: picture.shapeCount })}</span>
        ) : null}
        {invalid && picture ? <span className="plugin-preview__stale">{t('plugin-run.preview.stale')}</span> : null}
      </div>
      {failed ? (
        <div id="plugin-run-error" role="alert" className="plugin-run-error">
          {runErrorText(state.error, locale)}
        </div>
      ) : null}
    </div>
  );
}
