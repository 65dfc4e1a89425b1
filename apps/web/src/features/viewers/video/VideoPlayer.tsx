import { DownloadOutlined, PlaySquareOutlined, UnorderedListOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startDownload } from '../../../api/transfer-api';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { MediaPlaylist } from '../media/MediaPlaylist';
import { downloadLink } from '../model/download-link';
import { type FileAccess, previewUrl } from '../model/file-access';
import { nextPlayable, PLAYBACK_SPEEDS, stepVolume, VOLUME } from '../model/playback';
import type { ViewerFile } from '../model/viewer-file';
import { isPlayableVideo } from '../model/viewer-kind';
import { PageBox } from '../shell/PageBox';
import { ThumbnailImage } from '../shell/ThumbnailImage';
import { useViewerKeys } from '../shell/use-viewer-keys';
import { ViewerOverlay } from '../shell/ViewerOverlay';
import './video-player.css';

/** SPEC §9: at 768 px or less the playlist folds away under the video. */
const FOLD_QUERY = '(max-width: 768px)';
const SEEK_SECONDS = 5;

const canPlay = (file: ViewerFile) => isPlayableVideo(file.extendName);

/**
 * The video player (SPEC §2, §9): a 16:9 stage streaming the file through byte ranges (the browser's
 * own <video> on the preview link), speeds 0.5–2×, and the folder's videos as a playlist; types the
 * browser cannot play are listed and say so. At the end of a video the next playable one starts.
 */
export function VideoPlayer({
  videos,
  startIndex,
  access,
  onClose,
}: {
  videos: readonly ViewerFile[];
  startIndex: number;
  access: FileAccess;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(startIndex);
  const [speed, setSpeed] = useState(1);
  const [playing, setPlaying] = useState(false);
  const [failedId, setFailedId] = useState<string | null>(null);
  const folded = useMediaQuery(FOLD_QUERY);
  const [listOpen, setListOpen] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const file = videos[index];
  const playable = file ? canPlay(file) : false;

  // the chosen speed carries over to the next video
  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };
  const seek = (delta: number) => {
    const el = video.current;
    if (el && Number.isFinite(el.duration)) el.currentTime = Math.min(el.duration, Math.max(0, el.currentTime + delta));
  };
  const volume = (delta: number) => {
    const el = video.current;
    if (el) el.volume = stepVolume(el.volume, delta);
  };

  useViewerKeys((key) => {
    if (key === 'Escape') onClose();
    else if (key === ' ') toggle();
    else if (key === 'ArrowLeft') seek(-SEEK_SECONDS);
    else if (key === 'ArrowRight') seek(SEEK_SECONDS);
    else if (key === 'ArrowUp') volume(VOLUME.keyStep);
    else if (key === 'ArrowDown') volume(-VOLUME.keyStep);
    else return false;
    return true;
  });

  if (!file) return null;
  const ext = file.extendName.toUpperCase();
  const download = { url: downloadLink(access, file.userFileId), fileName: file.fileName };
  const showList = !folded || listOpen;

  return (
    <ViewerOverlay
      label={t('drive.preview.title', { name: file.fileName })}
      title={file.fileName}
      icon={<PlaySquareOutlined />}
      meta={
        videos.length > 1 ? (
          <PageBox
            page={index + 1}
            count={videos.length}
            label={t('viewers.common.pageBox', { count: videos.length })}
            onGo={(page) => setIndex(page - 1)}
          />
        ) : null
      }
      download={download}
      onClose={onClose}
      className={folded ? 'viewer-video is-folded' : 'viewer-video'}
    >
      <div className="viewer-video__body">
        <div className="viewer-video__main">
          <div className="viewer-video__stage">
            {!playable ? (
              <div className="viewer-notice" role="status">
                <VideoCameraOutlined className="viewer-notice__icon" aria-hidden />
                <div className="viewer-notice__title">{t('viewers.video.cannotPlay', { ext })}</div>
                <div className="viewer-notice__text">{t('viewers.video.cannotPlayHint')}</div>
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  onClick={() => startDownload(download.url, download.fileName)}
                >
                  {t('viewers.common.download')}
                </Button>
              </div>
            ) : failedId === file.userFileId ? (
              <div className="viewer-notice" role="alert">
                <VideoCameraOutlined className="viewer-notice__icon" aria-hidden />
                <div className="viewer-notice__title">{t('viewers.video.failed')}</div>
                <div className="viewer-notice__text">{t('viewers.video.failedHint')}</div>
              </div>
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: people's own videos come without caption tracks
              <video
                key={file.userFileId}
                ref={video}
                src={previewUrl(access, file.userFileId)}
                controls
                autoPlay
                playsInline
                preload="metadata"
                onLoadedMetadata={(event) => {
                  event.currentTarget.playbackRate = speed;
                }}
                onRateChange={(event) => {
                  // the browser's own menu may change it too
                  const rate = event.currentTarget.playbackRate;
                  if ((PLAYBACK_SPEEDS as readonly number[]).includes(rate)) setSpeed(rate);
                }}
                onPlay={() => setPlaying(true)}
                onPause={() => setPlaying(false)}
                onEnded={() => {
                  setPlaying(false);
                  const next = nextPlayable(videos, index, canPlay);
                  if (next !== null) setIndex(next);
                }}
                onError={() => setFailedId(file.userFileId)}
              />
            )}
          </div>
          <div className="viewer-video__bar">
            <span className="viewer-video__label" id="viewer-video-speed">
              {t('viewers.video.speed')}
            </span>
            <Segmented
              aria-labelledby="viewer-video-speed"
              size="small"
              value={speed}
              disabled={!playable}
              options={PLAYBACK_SPEEDS.map((value) => ({
                value,
                label: `${value}×`,
                title: t('viewers.video.speedValue', { speed: value }),
              }))}
              onChange={(value) => setSpeed(value)}
            />
            {folded && videos.length > 1 ? (
              <Button
                type="text"
                size="small"
                className="viewer-video__list-toggle"
                icon={<UnorderedListOutlined />}
                aria-expanded={listOpen}
                aria-controls="viewer-video-playlist"
                onClick={() => setListOpen(!listOpen)}
              >
                {t(listOpen ? 'viewers.media.hidePlaylist' : 'viewers.media.showPlaylist')}
              </Button>
            ) : null}
          </div>
        </div>
        {showList ? (
          <aside className="viewer-video__side">
            <div className="viewer-side-title">{t('viewers.media.playlistCount', { count: videos.length })}</div>
            <MediaPlaylist
              id="viewer-video-playlist"
              items={videos}
              current={index}
              playing={playing}
              canPlay={canPlay}
              thumbnail={(item) => (
                <ThumbnailImage
                  access={access}
                  userFileId={item.userFileId}
                  available={item.extendName.toLowerCase() === 'mp4'}
                  fallback={<VideoCameraOutlined aria-hidden />}
                />
              )}
              onPick={(next) => {
                setIndex(next);
                if (folded) setListOpen(false);
              }}
            />
          </aside>
        ) : null}
      </div>
    </ViewerOverlay>
  );
}
