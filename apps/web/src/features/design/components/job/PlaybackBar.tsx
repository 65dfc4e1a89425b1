import { CaretRightOutlined, PauseOutlined, StepBackwardOutlined } from '@ant-design/icons';
import { Button, Select, Slider, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format';

export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 50, 100, 500] as const;

/**
 * Play, pause and scrub through the job at a chosen speed (times are the job's estimated seconds).
 * While playing, the time advances with the page's animation frames.
 */
export function PlaybackBar({
  time,
  total,
  playing,
  speed,
  onTime,
  onPlaying,
  onSpeed,
}: {
  time: number;
  total: number;
  playing: boolean;
  speed: number;
  onTime(time: number): void;
  onPlaying(playing: boolean): void;
  onSpeed(speed: number): void;
}) {
  const { t } = useTranslation();
  const clock = useRef({ time, speed });
  clock.current = { time, speed };

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const next = clock.current.time + ((now - last) / 1000) * clock.current.speed;
      last = now;
      if (next >= total) {
        onTime(total);
        onPlaying(false);
        return;
      }
      onTime(next);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, total, onTime, onPlaying]);

  return (
    <div className="job-preview__playback">
      <Tooltip title={t('design.job.preview.restart')}>
        <Button
          type="text"
          aria-label={t('design.job.preview.restart')}
          icon={<StepBackwardOutlined />}
          onClick={() => {
            onTime(0);
            onPlaying(true);
          }}
        />
      </Tooltip>
      <Tooltip title={playing ? t('design.job.preview.pause') : t('design.job.preview.play')}>
        <Button
          type="primary"
          shape="circle"
          aria-label={playing ? t('design.job.preview.pause') : t('design.job.preview.play')}
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={() => {
            if (!playing && time >= total) onTime(0);
            onPlaying(!playing);
          }}
        />
      </Tooltip>
      <Slider
        className="job-preview__scrubber"
        min={0}
        max={Math.max(total, 0.001)}
        step={Math.max(total / 1000, 0.001)}
        value={time}
        tooltip={{ formatter: (v) => formatDuration(v ?? 0) }}
        aria-label={t('design.job.preview.scrubber')}
        onChange={(v) => {
          onPlaying(false);
          onTime(v);
        }}
      />
      <span className="job-preview__clock" data-testid="job-preview-clock">
        {formatDuration(time)} / {formatDuration(total)}
      </span>
      <Select
        size="small"
        value={speed}
        aria-label={t('design.job.preview.speed')}
        onChange={onSpeed}
        options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        style={{ width: 76 }}
      />
    </div>
  );
}
