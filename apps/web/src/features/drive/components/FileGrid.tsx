import { MoreOutlined } from '@ant-design/icons';
import { Button, Checkbox, Spin } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { downloadUrl } from '../../../api/transfer-api';
import { fileKind } from '../model/file-kinds';
import { formatSize } from '../model/format';
import { EntryName } from './EntryName';
import { FileIcon } from './FileIcon';
import type { EntryViewProps } from './FileTable';

/** Images up to this size show themselves as their tile; bigger ones keep the icon. */
const THUMB_MAX_BYTES = 8 * 1024 * 1024;

function Thumb({ entry, size }: { entry: DriveEntry; size: number }) {
  const [broken, setBroken] = useState(false);
  const image = fileKind(entry) === 'image' && entry.fileSize > 0 && entry.fileSize <= THUMB_MAX_BYTES && !broken;
  if (!image) return <FileIcon entry={entry} size={Math.round(size * 0.62)} />;
  return (
    <img
      className="drive-tile__img"
      src={downloadUrl(entry.userFileId)}
      alt=""
      loading="lazy"
      draggable={false}
      onError={() => setBroken(true)}
    />
  );
}

/** The grid mode: tiles sized by the grid-size slider, images as thumbnails. */
export function FileGrid(props: EntryViewProps & { gridSize: number }) {
  const { t } = useTranslation();
  const { entries, gridSize, selected } = props;
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
              className={isSelected ? 'drive-tile is-selected' : 'drive-tile'}
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
