import { Tag } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../drive/model/format';
import type { ViewerFile } from '../model/viewer-file';
import './playlist.css';

/** Three bars that bounce while the current item plays. */
function PlayingBars({ playing }: { playing: boolean }) {
  return (
    <span className={playing ? 'viewer-bars is-playing' : 'viewer-bars'} aria-hidden>
      <i />
      <i />
      <i />
    </span>
  );
}

/**
 * The list beside a player: every item of the folder, the current one marked, those the browser
 * cannot play tagged; a click picks one.
 */
export function MediaPlaylist({
  items,
  current,
  playing,
  canPlay,
  thumbnail,
  onPick,
  id,
}: {
  items: readonly ViewerFile[];
  current: number;
  playing: boolean;
  canPlay(file: ViewerFile): boolean;
  /** A small picture before the name (video poster frames). */
  thumbnail?(file: ViewerFile): ReactNode;
  onPick(index: number): void;
  id?: string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current item is the trigger
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>('[aria-current="true"]')
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [current]);
  return (
    <ol className="viewer-playlist" ref={list} id={id} aria-label={t('viewers.media.playlist')}>
      {items.map((file, index) => {
        const isCurrent = index === current;
        const playable = canPlay(file);
        return (
          <li key={file.userFileId}>
            <button
              type="button"
              className={isCurrent ? 'viewer-playlist__item is-current' : 'viewer-playlist__item'}
              aria-current={isCurrent}
              title={file.fileName}
              onClick={() => onPick(index)}
            >
              {thumbnail ? <span className="viewer-playlist__thumb">{thumbnail(file)}</span> : null}
              <span className="viewer-playlist__index">
                {isCurrent ? <PlayingBars playing={playing && playable} /> : index + 1}
              </span>
              <span className="viewer-playlist__text">
                <span className="viewer-playlist__name">{file.fileName}</span>
                <span className="viewer-playlist__meta">
                  {formatSize(file.fileSize)}
                  {playable ? null : (
                    <Tag className="viewer-playlist__tag" variant="filled" color="orange">
                      {t('viewers.media.cannotPlayTag')}
                    </Tag>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
