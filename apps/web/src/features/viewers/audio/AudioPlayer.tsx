import { CustomerServiceOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { MediaPlaylist } from '../media/MediaPlaylist';
import { downloadLink } from '../model/download-link';
import { type FileAccess, previewUrl } from '../model/file-access';
import {
  currentLyricIndex,
  formatClock,
  initialPlaylist,
  type PlaylistAction,
  playlistReducer,
  stepVolume,
  toggleMute,
  VOLUME,
} from '../model/playback';
import type { ViewerFile } from '../model/viewer-file';
import { isPlayableAudio } from '../model/viewer-kind';
import { TOUCH_SCREEN } from '../shell/touch-screen';
import { useViewerKeys } from '../shell/use-viewer-keys';
import { ViewerOverlay } from '../shell/ViewerOverlay';
import { fetchAudioInfo } from '../viewer-api';
import './audio-player.css';
import { AudioControls } from './AudioControls';
import { LyricsView } from './LyricsView';

/** SPEC §9: at 768 px or less the playlist folds away. */
const FOLD_QUERY = '(max-width: 768px)';

const playableByType = new Map<string, boolean>();

/** Asks an audio element once per extension; the answer does not change while the page lives. */
export function browserCanPlay(file: ViewerFile): boolean {
  const ext = file.extendName.toLowerCase();
  let known = playableByType.get(ext);
  if (known === undefined) {
    known = isPlayableAudio(ext, (type) => document.createElement('audio').canPlayType(type));
    playableByType.set(ext, known);
  }
  return known;
}

/**
 * The audio player (SPEC §2, §3, §4, §9): cover, title, artist, album and duration read from the
 * file's tags on the server; lyrics from the .lrc beside it, the current line highlighted; play
 * modes, previous/next, the folder's tracks as a playlist; the keys of SPEC §4.
 */
export function AudioPlayer({
  tracks,
  startIndex,
  access,
  onClose,
}: {
  tracks: readonly ViewerFile[];
  startIndex: number;
  access: FileAccess;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const touch = useMediaQuery(TOUCH_SCREEN);
  const audio = useRef<HTMLAudioElement>(null);
  const [list, setList] = useState(() => initialPlaylist(startIndex, tracks.length));
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [volume, setVolume] = useState<number>(VOLUME.initial);
  const [failedId, setFailedId] = useState<string | null>(null);
  const folded = useMediaQuery(FOLD_QUERY);
  const [listChoice, setListChoice] = useState<boolean | null>(null);
  const listShown = listChoice ?? !folded;
  const track = tracks[list.index];
  const canPlay = track ? browserCanPlay(track) && failedId !== track.userFileId : false;

  const accessKey = access.kind === 'share' ? access.shareBatchNum : 'own';
  const info = useQuery({
    queryKey: ['viewers', 'audioInfo', accessKey, track?.userFileId],
    queryFn: () => fetchAudioInfo(access, track!.userFileId),
    enabled: !!track,
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);

  // a new track starts from its beginning
  // biome-ignore lint/correctness/useExhaustiveDependencies: the track is the trigger
  useEffect(() => {
    setTime(0);
    setMediaDuration(0);
  }, [track?.userFileId]);

  const restart = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = 0;
    void el.play().catch(() => undefined);
  }, []);

  const move = (action: PlaylistAction) => {
    const next = playlistReducer(list, action);
    // the same track again (single loop, a one-track list): the element will not reload by itself
    if (next.index === list.index && action.type !== 'cycle' && action.type !== 'select') restart();
    setList(next);
  };
  const roll = () => Math.random();

  const toggle = () => {
    const el = audio.current;
    if (!el || !canPlay) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };
  const seek = (seconds: number) => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = seconds;
    setTime(seconds);
    if (el.paused) void el.play().catch(() => undefined);
  };

  // SPEC §4: Esc closes, Space toggles, Left/Right previous/next, Up/Down volume ±0.1
  useViewerKeys((key) => {
    if (key === 'Escape') onClose();
    else if (key === ' ') toggle();
    else if (key === 'ArrowLeft') move({ type: 'previous', roll: roll() });
    else if (key === 'ArrowRight') move({ type: 'next', roll: roll() });
    else if (key === 'ArrowUp') setVolume((v) => stepVolume(v, VOLUME.keyStep));
    else if (key === 'ArrowDown') setVolume((v) => stepVolume(v, -VOLUME.keyStep));
    else return false;
    return true;
  });

  const lyrics = info.data?.lyrics ?? [];
  const currentLine = useMemo(() => currentLyricIndex(lyrics, time), [lyrics, time]);
  if (!track) return null;

  const duration = mediaDuration > 0 ? mediaDuration : (info.data?.duration ?? 0);
  const title = info.data?.title || track.fileName.replace(/\.[^.]+$/, '');
  const cover = info.data?.albumImage ?? null;
  const unknown = t('viewers.audio.unknown');

  return (
    <ViewerOverlay
      label={t('drive.preview.title', { name: track.fileName })}
      title={track.fileName}
      icon={<CustomerServiceOutlined />}
      download={{ url: downloadLink(access, track.userFileId), fileName: track.fileName }}
      onClose={onClose}
      className={folded ? 'viewer-audio is-folded' : 'viewer-audio'}
    >
      <div
        className={cover ? 'viewer-audio__backdrop has-cover' : 'viewer-audio__backdrop'}
        style={cover ? { backgroundImage: `url("${cover}")` } : undefined}
        aria-hidden
      />
      {/* biome-ignore lint/a11y/useMediaCaption: music has its lyrics panel instead of captions */}
      <audio
        ref={audio}
        src={previewUrl(access, track.userFileId)}
        autoPlay
        preload="auto"
        onLoadedMetadata={(event) => {
          event.currentTarget.volume = volume;
          setMediaDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0);
        }}
        onDurationChange={(event) => {
          const value = event.currentTarget.duration;
          if (Number.isFinite(value)) setMediaDuration(value);
        }}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => move({ type: 'ended', roll: roll() })}
        onError={() => {
          setPlaying(false);
          setFailedId(track.userFileId);
        }}
      />
      {/* keys mean nothing to a phone; its controls are the buttons below */}
      {touch ? null : (
        <div className="viewer-hint viewer-audio__hint" aria-hidden>
          {t('viewers.audio.keys')}
        </div>
      )}
      <div className="viewer-audio__body">
        <section className="viewer-audio__now" aria-live="polite">
          <div className={playing ? 'viewer-audio__cover is-playing' : 'viewer-audio__cover'}>
            {cover ? (
              <img src={cover} alt={t('viewers.audio.cover')} />
            ) : (
              <CustomerServiceOutlined className="viewer-audio__cover-icon" aria-hidden />
            )}
          </div>
          <h2 className="viewer-audio__title">{title}</h2>
          <dl className="viewer-audio__facts">
            <div>
              <dt>{t('viewers.audio.artist')}</dt>
              <dd data-fact="artist">{info.data?.artist || unknown}</dd>
            </div>
            <div>
              <dt>{t('viewers.audio.album')}</dt>
              <dd data-fact="album">{info.data?.album || unknown}</dd>
            </div>
            <div>
              <dt>{t('viewers.audio.duration')}</dt>
              <dd data-fact="duration">{duration > 0 ? formatClock(duration) : unknown}</dd>
            </div>
          </dl>
        </section>
        <section className="viewer-audio__lyrics" aria-label={t('viewers.audio.lyrics')}>
          {canPlay ? (
            <LyricsView lines={lyrics} current={currentLine} loading={info.isLoading} onSeek={seek} />
          ) : (
            <div className="viewer-lyrics is-empty" role="alert">
              <div className="viewer-lyrics__none">{t('viewers.audio.failed')}</div>
              <div className="viewer-lyrics__hint">{t('viewers.audio.failedHint')}</div>
            </div>
          )}
        </section>
        {listShown ? (
          <aside className="viewer-audio__side">
            <div className="viewer-side-title">{t('viewers.media.playlistCount', { count: tracks.length })}</div>
            <MediaPlaylist
              items={tracks}
              current={list.index}
              playing={playing}
              canPlay={browserCanPlay}
              onPick={(index) => {
                move({ type: 'select', index });
                if (folded) setListChoice(null);
              }}
            />
          </aside>
        ) : null}
      </div>
      <AudioControls
        time={time}
        duration={duration}
        playing={playing}
        mode={list.mode}
        volume={volume}
        canPlay={canPlay}
        playlistShown={listShown}
        onSeek={seek}
        onToggle={toggle}
        onPrevious={() => move({ type: 'previous', roll: roll() })}
        onNext={() => move({ type: 'next', roll: roll() })}
        onCycle={() => move({ type: 'cycle' })}
        onVolume={(value) => setVolume(value)}
        onToggleMute={() => setVolume((v) => toggleMute(v))}
        onTogglePlaylist={() => setListChoice(!listShown)}
      />
    </ViewerOverlay>
  );
}
