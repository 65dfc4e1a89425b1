import {
  CaretRightOutlined,
  MutedOutlined,
  PauseOutlined,
  SoundOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Slider, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CycleMode, formatClock, progressStep, VOLUME } from '../model/playback';
import { BarButton } from '../shell/ViewerOverlay';
import { CycleModeIcon } from './cycle-icons';

const MODE_KEYS = { 1: 'listLoop', 2: 'singleLoop', 3: 'random' } as const;

/**
 * The player's controls (SPEC §4, §9): progress in hundredths of the track, play mode, previous,
 * play/pause, next, the volume icon (mute ↔ 0.5) and its slider in steps of 0.01, the playlist.
 */
export function AudioControls({
  time,
  duration,
  playing,
  mode,
  volume,
  canPlay,
  playlistShown,
  onSeek,
  onToggle,
  onPrevious,
  onNext,
  onCycle,
  onVolume,
  onToggleMute,
  onTogglePlaylist,
}: {
  time: number;
  duration: number;
  playing: boolean;
  mode: CycleMode;
  volume: number;
  canPlay: boolean;
  playlistShown: boolean;
  onSeek(seconds: number): void;
  onToggle(): void;
  onPrevious(): void;
  onNext(): void;
  onCycle(): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onTogglePlaylist(): void;
}) {
  const { t } = useTranslation();
  // while the knob is dragged the clock follows the hand; the sound jumps when it is let go
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? time;
  const modeName = t(`viewers.audio.modes.${MODE_KEYS[mode]}`);
  return (
    <div className="viewer-audio__controls">
      <div className="viewer-audio__progress">
        <span className="viewer-audio__clock">{formatClock(shown)}</span>
        <Slider
          className="viewer-audio__seek"
          min={0}
          max={duration > 0 ? duration : 1}
          step={progressStep(duration)}
          value={Math.min(shown, duration || 0)}
          disabled={!canPlay || duration <= 0}
          tooltip={{ formatter: (value) => formatClock(value ?? 0) }}
          ariaLabelForHandle={t('viewers.audio.progress')}
          ariaValueTextFormatterForHandle={(value) => formatClock(value ?? 0)}
          onChange={(value) => setDragging(value)}
          onChangeComplete={(value) => {
            setDragging(null);
            onSeek(value);
          }}
        />
        <span className="viewer-audio__clock">{formatClock(duration)}</span>
      </div>
      <div className="viewer-audio__buttons">
        <div className="viewer-audio__left">
          <Tooltip title={modeName}>
            <Button
              type="text"
              shape="circle"
              className="viewer-icon-button viewer-audio__mode"
              icon={<CycleModeIcon mode={mode} />}
              aria-label={t('viewers.audio.mode', { mode: modeName })}
              data-mode={mode}
              onClick={onCycle}
            />
          </Tooltip>
        </div>
        <div className="viewer-audio__center">
          <BarButton label={t('viewers.audio.previous')} icon={<StepBackwardOutlined />} onClick={onPrevious} />
          <Button
            type="primary"
            shape="circle"
            size="large"
            className="viewer-audio__play"
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            aria-label={t(playing ? 'viewers.audio.pause' : 'viewers.audio.play')}
            disabled={!canPlay}
            onClick={onToggle}
          />
          <BarButton label={t('viewers.audio.next')} icon={<StepForwardOutlined />} onClick={onNext} />
        </div>
        <div className="viewer-audio__right">
          <BarButton
            label={t(volume === 0 ? 'viewers.audio.unmute' : 'viewers.audio.mute')}
            icon={volume === 0 ? <MutedOutlined /> : <SoundOutlined />}
            onClick={onToggleMute}
          />
          <Slider
            className="viewer-audio__volume"
            min={0}
            max={1}
            step={VOLUME.sliderStep}
            value={volume}
            tooltip={{ formatter: (value) => `${Math.round((value ?? 0) * 100)}%` }}
            ariaLabelForHandle={t('viewers.audio.volume')}
            onChange={onVolume}
          />
          <BarButton
            label={t(playlistShown ? 'viewers.media.hidePlaylist' : 'viewers.media.showPlaylist')}
            icon={<UnorderedListOutlined />}
            pressed={playlistShown}
            onClick={onTogglePlaylist}
          />
        </div>
      </div>
    </div>
  );
}
