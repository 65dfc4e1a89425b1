import {
  AppstoreAddOutlined,
  AppstoreOutlined,
  BarsOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  FileAddOutlined,
  FileTextOutlined,
  FolderAddOutlined,
  FolderOutlined,
  ReloadOutlined,
  SaveOutlined,
  ShareAltOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  TableOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { NewFileType } from '@kerf/contract';
import { Button, Checkbox, Dropdown, Popover, Slider, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DRIVE_COLUMNS,
  type DriveSettings,
  driveSettingsStore,
  FILE_MODE,
  GRID_SIZE,
} from '../../../stores/drive-settings-store';
import { offeredNewFileTypes } from '../../editors/model/new-file-name';
import type { ContextAction } from '../model/context-menu-rules';
import { FileIcon } from './FileIcon';

export interface ToolbarProps {
  settings: DriveSettings;
  inBin: boolean;
  /** Uploads and new folders only go into a folder of "all files". */
  canAddHere: boolean;
  /** Search results keep the server's order. */
  canSort: boolean;
  showDeleteTime: boolean;
  selectedCount: number;
  batch: ContextAction[];
  onUploadFiles(): void;
  onUploadFolder(): void;
  onNewFolder(): void;
  /** Upload an object (drawings with effect images) into this folder. */
  onNewObject(): void;
  /** New file (SPEC §2): a txt, md, docx, xlsx or pptx in the open folder. */
  onNewFile?(type: NewFileType): void;
  /** A document server is configured: "new file" offers office documents (else says how to get them). */
  onlineOffice?: boolean;
  onEmptyBin(): void;
  onBatch(action: ContextAction): void;
  onClearSelection(): void;
  onRefresh(): void;
}

const BATCH_ICON: Partial<Record<ContextAction, ReactNode>> = {
  download: <DownloadOutlined />,
  saveToDrive: <SaveOutlined />,
  share: <ShareAltOutlined />,
  copy: <CopyOutlined />,
  move: <DragOutlined />,
  restore: <UndoOutlined />,
  delete: <DeleteOutlined />,
};

export function DriveToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { settings } = props;
  const selecting = props.selectedCount > 0;

  const left = selecting ? (
    <Space size={8} wrap className="drive-toolbar__batch">
      <span className="drive-toolbar__count">{t('drive.toolbar.selected', { count: props.selectedCount })}</span>
      {props.batch.map((action) => (
        <Button
          key={action}
          icon={BATCH_ICON[action]}
          danger={action === 'delete'}
          onClick={() => props.onBatch(action)}
        >
          {action === 'delete' && props.inBin ? t('drive.actions.deleteForever') : t(`drive.actions.${action}`)}
        </Button>
      ))}
      <Button type="link" onClick={props.onClearSelection}>
        {t('drive.toolbar.clearSelection')}
      </Button>
    </Space>
  ) : (
    <Space size={8} wrap>
      {props.canAddHere ? (
        <>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'files', icon: <FileAddOutlined />, label: t('drive.toolbar.uploadFiles') },
                { key: 'folder', icon: <FolderOutlined />, label: t('drive.toolbar.uploadFolder') },
              ],
              onClick: ({ key }) => (key === 'files' ? props.onUploadFiles() : props.onUploadFolder()),
            }}
          >
            <Button type="primary" icon={<CloudUploadOutlined />}>
              {t('drive.toolbar.upload')}
            </Button>
          </Dropdown>
          <Button icon={<FolderAddOutlined />} onClick={props.onNewFolder}>
            {t('drive.toolbar.newFolder')}
          </Button>
          <Button icon={<AppstoreAddOutlined />} onClick={props.onNewObject}>
            {t('store.object.newMenu')}
          </Button>
          {props.onNewFile ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...offeredNewFileTypes(props.onlineOffice === true).map((type) => ({
                    key: type,
                    icon: <FileIcon entry={{ isDir: 0, extendName: type }} size={16} />,
                    label: `${t(`editors.newFile.types.${type}`)} (.${type})`,
                  })),
                  ...(props.onlineOffice
                    ? []
                    : [
                        { type: 'divider' as const },
                        {
                          key: 'officeHint',
                          disabled: true,
                          className: 'drive-new-file__hint',
                          label: t('editors.newFile.officeHint'),
                        },
                      ]),
                ],
                onClick: ({ key }) => {
                  if (key !== 'officeHint') props.onNewFile?.(key as NewFileType);
                },
              }}
            >
              <Button icon={<FileTextOutlined />}>{t('editors.newFile.menu')}</Button>
            </Dropdown>
          ) : null}
        </>
      ) : null}
      {props.inBin ? (
        <Button danger icon={<DeleteOutlined />} onClick={props.onEmptyBin}>
          {t('drive.toolbar.emptyBin')}
        </Button>
      ) : null}
    </Space>
  );

  const columnChooser = (
    <Checkbox.Group
      className="drive-columns"
      value={settings.columns}
      onChange={(values) => driveSettingsStore.setColumns(values as DriveSettings['columns'])}
      options={DRIVE_COLUMNS.filter((c) => c !== 'deleteTime' || props.showDeleteTime).map((column) => ({
        value: column,
        label: t(`drive.columns.${column}`),
      }))}
    />
  );

  const sortMenu = {
    selectable: true,
    selectedKeys: [settings.sort.field, settings.sort.order],
    items: [
      ...(['name', 'size', 'type', 'time'] as const).map((field) => ({ key: field, label: t(`drive.sort.${field}`) })),
      { type: 'divider' as const },
      ...(['asc', 'desc'] as const).map((order) => ({ key: order, label: t(`drive.sort.${order}`) })),
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'asc' || key === 'desc') driveSettingsStore.setSort({ ...settings.sort, order: key });
      else driveSettingsStore.setSort({ ...settings.sort, field: key as DriveSettings['sort']['field'] });
    },
  };

  return (
    <div className="drive-toolbar" role="toolbar" aria-label={t('drive.title')}>
      <div className="drive-toolbar__left">{left}</div>
      <Space size={4} className="drive-toolbar__right">
        {props.canSort ? (
          <Dropdown trigger={['click']} menu={sortMenu}>
            <Tooltip title={t('drive.toolbar.sort')}>
              <Button
                type="text"
                aria-label={t('drive.toolbar.sort')}
                icon={settings.sort.order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
              />
            </Tooltip>
          </Dropdown>
        ) : null}
        {settings.fileMode === FILE_MODE.list ? (
          <Popover trigger="click" placement="bottomRight" title={t('drive.toolbar.columns')} content={columnChooser}>
            <Tooltip title={t('drive.toolbar.columns')}>
              <Button type="text" aria-label={t('drive.toolbar.columns')} icon={<TableOutlined />} />
            </Tooltip>
          </Popover>
        ) : (
          <div className="drive-toolbar__slider">
            <Slider
              min={GRID_SIZE.min}
              max={GRID_SIZE.max}
              step={10}
              value={settings.gridSize}
              onChange={(value) => driveSettingsStore.setGridSize(value)}
              tooltip={{ formatter: (value) => `${value}px` }}
              aria-label={t('drive.toolbar.gridSize')}
            />
          </div>
        )}
        <Space.Compact className="drive-toolbar__modes">
          {(
            [
              [FILE_MODE.list, <BarsOutlined key="list" />, t('drive.toolbar.listMode')],
              [FILE_MODE.grid, <AppstoreOutlined key="grid" />, t('drive.toolbar.gridMode')],
            ] as const
          ).map(([mode, icon, label]) => (
            <Button
              key={mode}
              icon={icon}
              title={label}
              aria-label={label}
              aria-pressed={settings.fileMode === mode}
              type={settings.fileMode === mode ? 'primary' : 'default'}
              ghost={settings.fileMode === mode}
              onClick={() => driveSettingsStore.setFileMode(mode)}
            />
          ))}
        </Space.Compact>
        <Tooltip title={t('drive.toolbar.refresh')}>
          <Button
            type="text"
            aria-label={t('drive.toolbar.refresh')}
            icon={<ReloadOutlined />}
            onClick={props.onRefresh}
          />
        </Tooltip>
      </Space>
    </div>
  );
}
