import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  ImportOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { CraftExportFormat } from '@kerf/contract';
import { Button, Dropdown, type MenuProps, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CraftRights } from '../model/craft-access';
import type { CraftColumn } from '../model/craft-columns';
import { ColumnSettings } from './ColumnSettings';

export interface CraftToolbarProps {
  rights: CraftRights;
  copyLabel: 'copy' | 'duplicate';
  selectedCount: number;
  /** Nothing to export from an empty library. */
  canExport: boolean;
  columns: readonly CraftColumn[];
  onColumns(columns: CraftColumn[]): void;
  onCreate(): void;
  onImport(): void;
  onExport(format: CraftExportFormat, selectedOnly: boolean): void;
  onCopySelected(): void;
  onDeleteSelected(): void;
  onClearSelection(): void;
  onRefresh(): void;
}

/** Batch actions for the selection on the left; add, import, export, columns and refresh on the right. */
export function CraftToolbar(props: CraftToolbarProps) {
  const { t } = useTranslation();
  const { rights, selectedCount } = props;
  const selecting = selectedCount > 0;

  const formats = (selectedOnly: boolean): MenuProps['items'] =>
    (['clb', 'json'] as const).map((format) => ({
      key: `${selectedOnly ? 'selected' : 'all'}:${format}`,
      label: t(`craft.toolbar.${format}`),
    }));
  const exportMenu: MenuProps = {
    items: selecting
      ? [
          {
            type: 'group',
            key: 'selected',
            label: t('craft.toolbar.exportSelected', { count: selectedCount }),
            children: formats(true),
          },
          { type: 'group', key: 'all', label: t('craft.toolbar.exportAll'), children: formats(false) },
        ]
      : formats(false),
    onClick: ({ key }) => {
      const [scope, format] = key.split(':') as ['selected' | 'all', CraftExportFormat];
      props.onExport(format, scope === 'selected');
    },
  };

  return (
    <div className="craft-toolbar" role="toolbar" aria-label={t('craft.route.title')}>
      <div className="craft-toolbar__left">
        {selecting ? (
          <Space size={8} wrap>
            <span className="craft-toolbar__count">{t('craft.toolbar.selected', { count: selectedCount })}</span>
            {rights.copy ? (
              <Button icon={<CopyOutlined />} onClick={props.onCopySelected}>
                {t(props.copyLabel === 'copy' ? 'craft.toolbar.copy' : 'craft.toolbar.duplicate')}
              </Button>
            ) : null}
            {rights.edit ? (
              <Button danger icon={<DeleteOutlined />} onClick={props.onDeleteSelected}>
                {t('craft.toolbar.delete')}
              </Button>
            ) : null}
            <Button type="link" onClick={props.onClearSelection}>
              {t('craft.toolbar.clearSelection')}
            </Button>
          </Space>
        ) : rights.edit ? (
          <Space size={8} wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onCreate}>
              {t('craft.toolbar.create')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={props.onImport}>
              {t('craft.toolbar.import')}
            </Button>
          </Space>
        ) : null}
      </div>
      <Space size={4} className="craft-toolbar__right">
        <Dropdown menu={exportMenu} trigger={['click']} disabled={!props.canExport}>
          <Button icon={<DownloadOutlined />}>
            {t('craft.toolbar.export')} <DownOutlined className="craft-toolbar__caret" />
          </Button>
        </Dropdown>
        <ColumnSettings columns={props.columns} onChange={props.onColumns} />
        <Tooltip title={t('craft.toolbar.refresh')}>
          <Button
            type="text"
            aria-label={t('craft.toolbar.refresh')}
            icon={<ReloadOutlined />}
            onClick={props.onRefresh}
          />
        </Tooltip>
      </Space>
    </div>
  );
}
