import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type Craft, PAGE_SIZES } from '@kerf/contract';
import { Button, Table, type TableColumnsType, type TableProps, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CraftSortField } from '../../../api/craft-api';
import { useNarrowViewport } from '../../../app/layout/use-narrow-viewport';
import { formatTime } from '../../drive/model/format';
import type { CraftRights } from '../model/craft-access';
import type { CraftColumn } from '../model/craft-columns';
import { firstPass, passModes, powerRangeText, thicknessText, totalRuns, withUnit } from '../model/craft-format';
import { endsMaterialGroup, materialRowSpans } from '../model/craft-grouping';
import type { CraftView } from '../model/craft-query';
import { LaserTypeTag, ModeTag, StartingValuesTag } from './CraftTags';

export interface CraftTableProps {
  crafts: Craft[];
  total: number;
  loading: boolean;
  view: CraftView;
  columns: readonly CraftColumn[];
  rights: CraftRights;
  /** On the standard tab copying is what a reader does; on mine it makes a second one to vary. */
  copyLabel: 'copy' | 'duplicate';
  selected: readonly string[];
  empty: ReactNode;
  onSelectionChange(ids: string[]): void;
  onOpen(craft: Craft): void;
  onCopy(craft: Craft): void;
  onEdit(craft: Craft): void;
  onDelete(craft: Craft): void;
  onView(view: CraftView): void;
}

/** The narrowest the name column gets before the table scrolls. */
const NAME_MIN_WIDTH = 140;
const SORTABLE: readonly string[] = ['material', 'thickness', 'name', 'powerClass', 'updatedAt'];
const muted = (text: string) => <span className="craft-muted">{text}</span>;

/** Clicks on the row's own controls (checkbox, buttons) are not "open this craft". */
function fromControl(event: MouseEvent): boolean {
  return !!(event.target as HTMLElement).closest('button, a, input, label, .ant-table-selection-column');
}

/**
 * The crafts of a page, grouped by material (rows of one material share the material cell), with the
 * columns the reader chose, the server's paging and sort, row selection and per-row actions.
 */
export function CraftTable(props: CraftTableProps) {
  const { t } = useTranslation();
  const { crafts, view, rights } = props;
  const narrow = useNarrowViewport();
  const spans = materialRowSpans(crafts);
  const shown = new Set<string>(props.columns);
  const anyThickness = t('craft.anyThickness');

  const sortOrderOf = (key: CraftSortField) =>
    view.sort === key ? (view.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const sortable = (key: CraftSortField) => ({ sorter: true, sortOrder: sortOrderOf(key), showSorterTooltip: false });

  const actions = (craft: Craft) => {
    const stop = (run: () => void) => (event: MouseEvent) => {
      event.stopPropagation();
      run();
    };
    const copyName = t(props.copyLabel === 'copy' ? 'craft.row.copyTitle' : 'craft.toolbar.duplicate');
    // a reader's one action keeps its words; an editor's three are icons (with tooltips) to keep the row short
    if (!rights.edit) {
      return rights.copy ? (
        <Tooltip title={copyName}>
          <Button size="small" type="primary" ghost icon={<CopyOutlined />} onClick={stop(() => props.onCopy(craft))}>
            {t('craft.row.copy')}
          </Button>
        </Tooltip>
      ) : null;
    }
    const iconButton = (label: string, icon: ReactNode, run: () => void, danger = false) => (
      <Tooltip title={label}>
        <Button size="small" type="text" danger={danger} aria-label={label} icon={icon} onClick={stop(run)} />
      </Tooltip>
    );
    return (
      <div className="craft-row-actions">
        {rights.copy ? iconButton(copyName, <CopyOutlined />, () => props.onCopy(craft)) : null}
        {iconButton(t('craft.row.edit'), <EditOutlined />, () => props.onEdit(craft))}
        {iconButton(t('craft.row.delete'), <DeleteOutlined />, () => props.onDelete(craft), true)}
      </div>
    );
  };

  const all: Array<TableColumnsType<Craft>[number] & { key: string }> = [
    {
      key: 'material',
      title: t('craft.columns.material'),
      dataIndex: 'material',
      width: 130,
      fixed: narrow ? undefined : 'left',
      ...sortable('material'),
      onCell: (_, index) => ({ rowSpan: spans[index ?? 0] ?? 1, className: 'craft-material-cell' }),
      render: (material: string) => <span className="craft-material">{material}</span>,
    },
    {
      key: 'thickness',
      title: t('craft.columns.thickness'),
      width: 108,
      ...sortable('thickness'),
      render: (_, craft) =>
        craft.thickness === null ? muted(anyThickness) : thicknessText(craft.thickness, anyThickness),
    },
    {
      key: 'name',
      title: t('craft.columns.name'),
      // no width: the name takes what the other columns leave
      ...sortable('name'),
      render: (_, craft) => (
        <div className="craft-name-cell">
          <button
            type="button"
            className="craft-name-cell__name"
            aria-label={t('craft.row.open', { name: craft.name })}
            onClick={(event) => {
              event.stopPropagation();
              props.onOpen(craft);
            }}
          >
            {craft.name}
          </button>
          {craft.startingValues ? <StartingValuesTag /> : null}
        </div>
      ),
    },
    {
      key: 'laserType',
      title: t('craft.columns.laserType'),
      width: 100,
      render: (_, craft) => <LaserTypeTag laserType={craft.laserType} />,
    },
    {
      key: 'powerClass',
      title: t('craft.columns.powerClass'),
      width: 92,
      align: 'right',
      ...sortable('powerClass'),
      render: (_, craft) => withUnit(craft.powerClass, 'W'),
    },
    {
      key: 'machineModel',
      title: t('craft.columns.machineModel'),
      width: 84,
      ellipsis: true,
      render: (_, craft) => craft.machineModel || muted(t('craft.none')),
    },
    {
      key: 'modes',
      title: t('craft.columns.modes'),
      width: 92,
      render: (_, craft) => (
        <span className="craft-modes">
          {passModes(craft).map((mode) => (
            <ModeTag key={mode} mode={mode} />
          ))}
        </span>
      ),
    },
    {
      key: 'power',
      title: t('craft.columns.power'),
      width: 80,
      align: 'right',
      render: (_, craft) => {
        const pass = firstPass(craft);
        return pass ? powerRangeText(pass) : muted(t('craft.none'));
      },
    },
    {
      key: 'speed',
      title: t('craft.columns.speed'),
      width: 96,
      align: 'right',
      render: (_, craft) => {
        const pass = firstPass(craft);
        return pass ? withUnit(pass.speed, 'mm/s') : muted(t('craft.none'));
      },
    },
    {
      key: 'passes',
      title: t('craft.columns.passes'),
      width: 80,
      align: 'right',
      render: (_, craft) => {
        const runs = totalRuns(craft);
        return (
          <span>
            {craft.passes.length}
            {runs > craft.passes.length ? (
              <span className="craft-muted"> · {t('craft.pass.times', { count: runs })}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'updatedAt',
      title: t('craft.columns.updatedAt'),
      width: 140,
      ...sortable('updatedAt'),
      render: (_, craft) => <span className="craft-time">{formatTime(craft.updatedAt)}</span>,
    },
    {
      key: 'actions',
      title: t('craft.columns.actions'),
      width: 100,
      fixed: narrow ? undefined : 'right',
      render: (_, craft) => actions(craft),
    },
  ];
  const columns = all.filter((column) => ['material', 'name', 'actions'].includes(column.key) || shown.has(column.key));
  // below this the table scrolls sideways (phones); above it the name column takes the rest
  const minWidth = columns.reduce((sum, column) => sum + (Number(column.width) || NAME_MIN_WIDTH), 44);

  const onChange: TableProps<Craft>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Craft> | undefined;
      const key = String(single?.columnKey ?? '');
      // a third click clears the sort: back to the default grouping by material
      const next = single?.order && SORTABLE.includes(key) ? (key as CraftSortField) : 'material';
      const order = single?.order === 'descend' ? 'desc' : 'asc';
      props.onView({ ...view, sort: next, order: single?.order ? order : 'asc', page: 1 });
    } else if (extra.action === 'paginate') {
      const limit = pagination.pageSize ?? view.limit;
      props.onView({ ...view, limit, page: limit !== view.limit ? 1 : (pagination.current ?? 1) });
    }
  };

  return (
    <Table<Craft>
      className="craft-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={crafts}
      loading={props.loading}
      tableLayout="fixed"
      scroll={{ x: minWidth }}
      sticky={!narrow}
      locale={{ emptyText: props.empty }}
      rowClassName={(_, index) => (endsMaterialGroup(crafts, index) ? 'craft-row is-group-end' : 'craft-row')}
      rowSelection={
        rights.copy || rights.edit
          ? {
              selectedRowKeys: [...props.selected],
              onChange: (keys) => props.onSelectionChange(keys.map(String)),
              columnWidth: 44,
              fixed: !narrow,
            }
          : undefined
      }
      onRow={(craft) => ({
        onClick: (event) => {
          if (!fromControl(event)) props.onOpen(craft);
        },
      })}
      onChange={onChange}
      pagination={
        props.total > 0
          ? {
              current: view.page,
              pageSize: view.limit,
              total: props.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showLessItems: narrow,
              showTotal: (count) => t('craft.pager.total', { total: count }),
              placement: ['bottomEnd'],
            }
          : false
      }
    />
  );
}
