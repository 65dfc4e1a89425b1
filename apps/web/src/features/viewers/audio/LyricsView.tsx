import type { LyricLine } from '@kerf/contract';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The lyrics (SPEC §2): the line being sung is highlighted and kept in the middle of the panel; a
 * click on a line plays from there.
 */
export function LyricsView({
  lines,
  current,
  loading,
  onSeek,
}: {
  lines: readonly LyricLine[];
  current: number;
  loading: boolean;
  onSeek(seconds: number): void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const line = current >= 0 ? el.querySelector<HTMLElement>(`[data-line="${current}"]`) : null;
    const top = line ? line.offsetTop - el.clientHeight / 2 + line.offsetHeight / 2 : 0;
    el.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  }, [current]);

  if (loading) {
    return (
      <div className="viewer-lyrics is-empty">
        <Spin />
      </div>
    );
  }
  if (!lines.length) {
    return (
      <div className="viewer-lyrics is-empty">
        <div className="viewer-lyrics__none">{t('viewers.audio.noLyrics')}</div>
        <div className="viewer-lyrics__hint">{t('viewers.audio.noLyricsHint')}</div>
      </div>
    );
  }
  return (
    <div className="viewer-lyrics" ref={box}>
      <ol aria-label={t('viewers.audio.lyrics')}>
        {lines.map((line, index) => (
          <li
            // a chorus may repeat the same words at the same time tag in odd files
            // biome-ignore lint/suspicious/noArrayIndexKey: lines never reorder while shown
            key={index}
            data-line={index}
            className={index === current ? 'is-current' : undefined}
            aria-current={index === current ? 'true' : undefined}
          >
            <button type="button" tabIndex={-1} onClick={() => onSeek(line.start)}>
              {line.text || '♪'}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
