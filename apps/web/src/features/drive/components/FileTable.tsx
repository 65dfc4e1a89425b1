import { MoreOutlined } from '@ant-design/icons';
import { FILE_TYPE } from '@kerf/contract';
import { Button, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { useMediaQuery } from '../../../app/media/use-media-query';
import type { DriveColumn, DriveSettings, DriveSortField } from '../../../stores/drive-settings-store';
import { OWN_FILES } from '../../viewers/model/file-access';
import { hasThumbnail } from '../../viewers/model/viewer-kind';
import { ThumbnailImage } from '../../viewers/shell/ThumbnailImage';
import type { DragMove } from '../hooks/use-drag-move';
import { formatFullTime, formatSize, formatTime } from '../model/format';
import { EntryName } from './EntryName';
import { FileIcon } from './FileIcon';
import { useEntryTypeLabel } from './use-entry-type-label';

export interface EntryViewProps {
  entries: DriveEntry[];
  loading: boolean;
  fileType: number;
  /** Search results and category views show where each entry lives. */
  showLocation: boolean;
  selected: ReadonlySet<string>;
  onSelect(entry: DriveEntry, event: MouseEvent): void;
  onSelectionChange(ids: string[]): void;
  onOpen(entry: DriveEntry): void;
  onContextMenu(entry: DriveEntry, event: MouseEvent): void;
  onMore(entry: DriveEntry, event: MouseEvent): void;
  onOpenLocation(entry: DriveEntry): void;
  empty: ReactNode;
  /** Dragging entries onto folders to move them; absent where nothing may move. */
  drag?: DragMove;
}

interface TableOnlyProps {
  columns: DriveColumn[];
  sort: DriveSettings['sort'];
  /** Server-side sorting; search results come in the server's order and cannot be sorted. */
  onSort?(sort: DriveSettings['sort']): void;
}

const SORT_OF: Partial<Record<string, DriveSortField>> = {
  fileName: 'name',
  extendName: 'type',
  fileSize: 'size',
  uploadTime: 'time',
};

/** The list mode: an antd table with checkboxes, sortable columns and the chosen optional columns. */
export function FileTable(props: EntryViewProps & TableOnlyProps) {
  const { t } = useTranslation();
  const typeLabel = useEntryTypeLabel();
  // a phone shows the name and the size; the other columns would squeeze the name to nothing
  const phone = useMediaQuery('(max-width: 575.98px)');
  const { entries, fileType, sort, onSort, drag } = props;
  const columns = phone ? props.columns.filter((c) => c === 'fileSize') : props.columns;
  const inBin = fileType === FILE_TYPE.recycle;
  const sortOrder = (key: string): AntSortOrder | undefined =>
    onSort && SORT_OF[key] === sort.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
  // the drive always has an order: a third click goes back to ascending rather than to "unsorted"
  const sortable = (key: string) =>
    onSort && SORT_OF[key]
      ? { sorter: true, sortOrder: sortOrder(key), sortDirections: ['ascend', 'descend', 'ascend'] as AntSortOrder[] }
      : {};

  const all: TableColumnsType<DriveEntry> = [
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('drive.columns.fileName'),
      ellipsis: true,
      ...sortable('fileName'),
      render: (_, entry) => (
        <div className="drive-name-cell">
          <span className="drive-name-cell__icon">
            <ThumbnailImage
              className="drive-name-cell__thumb"
              access={OWN_FILES}
              userFileId={entry.userFileId}
              available={hasThumbnail(entry)}
              fallback={<FileIcon entry={entry} size={22} />}
            />
          </span>
          <button
            type="button"
            className="drive-name-cell__name"
            title={entry.fileName}
            onClick={(event) => {
              event.stopPropagation();
              props.onOpen(entry);
            }}
            onDoubleClick={(event) => event.stopPropagation()}
          >
            <EntryName entry={entry} />
          </button>
          <Button
            type="text"
            size="small"
            className="drive-name-cell__more"
            icon={<MoreOutlined />}
            aria-label={t('drive.actions.more', { name: entry.fileName })}
            onClick={(event) => {
              event.stopPropagation();
              props.onMore(entry, event);
            }}
          />
        </div>
      ),
    },
  ];
  if (props.showLocation && !phone) {
    all.push({
      key: 'filePath',
      dataIndex: 'filePath',
      title: t('drive.columns.filePath'),
      ellipsis: true,
      width: '18%',
      render: (_, entry) =>
        inBin ? (
          <span title={entry.filePath}>{entry.filePath}</span>
        ) : (
          <button
            type="button"
            className="drive-link"
            title={entry.filePath}
            onClick={(event) => {
              event.stopPropagation();
              props.onOpenLocation(entry);
            }}
          >
            {entry.filePath}
          </button>
        ),
    });
  }
  if (columns.includes('extendName')) {
    all.push({
      key: 'extendName',
      dataIndex: 'extendName',
      title: t('drive.columns.extendName'),
      width: 100,
      ellipsis: true,
      ...sortable('extendName'),
      render: (_, entry) => typeLabel(entry),
    });
  }
  if (columns.includes('fileSize')) {
    all.push({
      key: 'fileSize',
      dataIndex: 'fileSize',
      title: t('drive.columns.fileSize'),
      width: 100,
      align: 'right',
      ...sortable('fileSize'),
      render: (_, entry) => (entry.isDir ? <span className="drive-muted">—</span> : formatSize(entry.fileSize)),
    });
  }
  // in the bin the deletion date takes the modification date's place
  if (columns.includes('uploadTime') && !(inBin && columns.includes('deleteTime'))) {
    all.push({
      key: 'uploadTime',
      dataIndex: 'uploadTime',
      title: t('drive.columns.uploadTime'),
      width: 150,
      ...sortable('uploadTime'),
      render: (_, entry) => <span title={formatFullTime(entry.uploadTime)}>{formatTime(entry.uploadTime)}</span>,
    });
  }
  // the deletion date only means something in the bin
  if (columns.includes('deleteTime') && inBin) {
    all.push({
      key: 'deleteTime',
      dataIndex: 'deleteTime',
      title: t('drive.columns.deleteTime'),
      width: 150,
      render: (_, entry) => formatTime(entry.deleteTime),
    });
  }

  const onChange: TableProps<DriveEntry>['onChange'] = (_p, _f, sorter) => {
    if (!onSort || Array.isArray(sorter)) return;
    const field = SORT_OF[String(sorter.columnKey)];
    if (!field) return;
    // a third click on a column clears antd's order; the drive always has one, so it flips instead
    const order =
      sorter.order === 'descend' ? 'desc' : sorter.order === 'ascend' ? 'asc' : sort.order === 'asc' ? 'desc' : 'asc';
    onSort({ field, order });
  };

  return (
    <Table<DriveEntry>
      className="drive-table"
      rowKey="userFileId"
      size="middle"
      columns={all}
      dataSource={entries}
      loading={props.loading}
      pagination={false}
      // below this the table scrolls sideways rather than squeezing the names
      scroll={phone ? undefined : { x: 760 }}
      showSorterTooltip={false}
      onChange={onChange}
      locale={{ emptyText: props.empty }}
      rowSelection={{
        selectedRowKeys: [...props.selected],
        onChange: (keys) => props.onSelectionChange(keys.map(String)),
        columnWidth: 44,
        getCheckboxProps: (entry) => ({ 'aria-label': t('drive.actions.select', { name: entry.fileName }) }),
      }}
      rowClassName={(entry) =>
        (props.selected.has(entry.userFileId) ? 'drive-row is-selected' : 'drive-row') +
        (drag?.hoverClass(entry.userFileId) ?? '')
      }
      onRow={(entry) => ({
        ...drag?.source(entry),
        ...(entry.isDir ? drag?.target({ id: entry.userFileId, path: entry.path }) : undefined),
        onClick: (event) => props.onSelect(entry, event),
        onDoubleClick: () => props.onOpen(entry),
        onContextMenu: (event) => props.onContextMenu(entry, event),
      })}
    />
  );
}
