import { MoreOutlined, PlayCircleFilled } from '@ant-design/icons';
import { Button, Checkbox, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { OWN_FILES } from '../../viewers/model/file-access';
import { hasThumbnail } from '../../viewers/model/viewer-kind';
import { ThumbnailImage } from '../../viewers/shell/ThumbnailImage';
import { fileKind } from '../model/file-kinds';
import { formatSize } from '../model/format';
import { EntryName } from './EntryName';
import { FileIcon } from './FileIcon';
import type { EntryViewProps } from './FileTable';

/**
 * Images and MP4 videos show their server-made thumbnail (SPEC §9), loaded as the tile scrolls into
 * view; a file without one (404, or still being made and failing) keeps its icon.
 */
function Thumb({ entry, size }: { entry: DriveEntry; size: number }) {
  return (
    <ThumbnailImage
      className="drive-tile__img"
      access={OWN_FILES}
      userFileId={entry.userFileId}
      available={hasThumbnail(entry)}
      fallback={<FileIcon entry={entry} size={Math.round(size * 0.62)} />}
      overlay={fileKind(entry) === 'video' ? <PlayCircleFilled className="drive-tile__play" aria-hidden /> : null}
    />
  );
}

/** The grid mode: tiles sized by the grid-size slider, images as thumbnails. */
export function FileGrid(props: EntryViewProps & { gridSize: number }) {
  const { t } = useTranslation();
  const { entries, gridSize, selected, drag } = props;
  if (!entries.length) {
    return props.loading ? (
      <div className="drive-grid-empty">
        <Spin />
      </div>
    ) : (
      <div className="drive-grid-empty">{props.empty}</div>
    );
  }
  const style = { '--drive-tile': `${gridSize}px` } as CSSProperties;
  return (
    <Spin spinning={props.loading} delay={200}>
      <div className="drive-grid" style={style} role="listbox" aria-multiselectable="true">
        {entries.map((entry) => {
          const isSelected = selected.has(entry.userFileId);
          return (
            <div
              key={entry.userFileId}
              role="option"
              aria-selected={isSelected}
              tabIndex={0}
              title={entry.fileName}
              className={
                (isSelected ? 'drive-tile is-selected' : 'drive-tile') + (drag?.hoverClass(entry.userFileId) ?? '')
              }
              {...drag?.source(entry)}
              {...(entry.isDir ? drag?.target({ id: entry.userFileId, path: entry.path }) : undefined)}
              onClick={(event) => props.onSelect(entry, event)}
              onDoubleClick={() => props.onOpen(entry)}
              onContextMenu={(event) => props.onContextMenu(entry, event)}
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === ' ') {
                  event.preventDefault();
                  const next = new Set(selected);
                  if (isSelected) next.delete(entry.userFileId);
                  else next.add(entry.userFileId);
                  props.onSelectionChange([...next]);
                }
              }}
            >
              <Checkbox
                className="drive-tile__check"
                checked={isSelected}
                aria-label={t('drive.actions.select', { name: entry.fileName })}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(entry.userFileId);
                  else next.delete(entry.userFileId);
                  props.onSelectionChange([...next]);
                }}
              />
              <Button
                type="text"
                size="small"
                className="drive-tile__more"
                icon={<MoreOutlined />}
                aria-label={t('drive.actions.more', { name: entry.fileName })}
                onClick={(event) => {
                  event.stopPropagation();
                  props.onMore(entry, event);
                }}
              />
              <div className="drive-tile__thumb">
                <Thumb entry={entry} size={gridSize} />
              </div>
              <div className="drive-tile__name">
                <EntryName entry={entry} />
              </div>
              <div className="drive-tile__meta">{entry.isDir ? '\u00a0' : formatSize(entry.fileSize)}</div>
            </div>
          );
        })}
      </div>
    </Spin>
  );
}
