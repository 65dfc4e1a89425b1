import { CopyOutlined, DeleteOutlined, DownOutlined, GroupOutlined, UngroupOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { designZhCN } from '../../../i18n/design.zh-CN';
import { useEditor } from '../hooks/use-editor';
import {
  booleanSelection,
  breakApartSelection,
  closeSelection,
  convertSelectionToPath,
  joinSelection,
} from '../model/actions/path-actions';
import {
  type Alignment,
  align,
  deleteSelection,
  distribute,
  duplicate,
  group,
  mirror,
  order,
  ungroup,
} from '../model/actions/selection-actions';
import type { OrderMove } from '../model/actions/shape-commands';
import type { BooleanOp } from '../model/geometry/booleans';
import { ArrayButton } from './array/ArrayButton';
import { OffsetDialog } from './OffsetDialog';

type ArrangeKey = keyof (typeof designZhCN)['arrange'];

const ALIGNMENTS: readonly [Alignment, ArrangeKey][] = [
  ['left', 'alignLeft'],
  ['centre', 'alignCentre'],
  ['right', 'alignRight'],
  ['top', 'alignTop'],
  ['middle', 'alignMiddle'],
  ['bottom', 'alignBottom'],
];
const ORDERS: readonly OrderMove[] = ['front', 'forward', 'backward', 'back'];
const BOOLEANS: readonly BooleanOp[] = ['union', 'difference', 'intersection', 'exclusion'];

function MirrorIcon({ vertical }: { vertical?: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden
      style={vertical ? { transform: 'rotate(90deg)' } : undefined}
    >
      <path
        d="M7 2 L2 13 H7 Z M9 2 L14 13 H9 Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mirror, align, group, order and the path commands for the selection. */
export function ArrangeButtons() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const [offsetOpen, setOffsetOpen] = useState(false);
  const a = (key: ArrangeKey) => t(`design.arrange.${key}`);

  const alignMenu: MenuProps = {
    items: [
      ...ALIGNMENTS.map(([key, label]) => ({ key, label: a(label) })),
      { type: 'divider' as const },
      { key: 'distribute-h', label: a('distributeH') },
      { key: 'distribute-v', label: a('distributeV') },
    ],
    onClick: ({ key }) => {
      if (key === 'distribute-h') distribute(editor, 'horizontal');
      else if (key === 'distribute-v') distribute(editor, 'vertical');
      else align(editor, key as Alignment);
    },
  };
  const orderMenu: MenuProps = {
    items: ORDERS.map((key) => ({ key, label: a(key) })),
    onClick: ({ key }) => order(editor, key as OrderMove),
  };
  const pathMenu: MenuProps = {
    items: [
      ...BOOLEANS.map((key) => ({ key, label: a(key) })),
      { type: 'divider' as const },
      { key: 'offset', label: a('offset') },
      { type: 'divider' as const },
      { key: 'convertToPath', label: a('convertToPath') },
      { key: 'breakApart', label: a('breakApart') },
      { key: 'join', label: a('join') },
      { key: 'closePath', label: a('closePath') },
    ],
    onClick: ({ key }) => {
      if ((BOOLEANS as readonly string[]).includes(key)) {
        if (!booleanSelection(editor, key as BooleanOp)) void message.warning(t('design.boolean.needsTwo'));
      } else if (key === 'offset') setOffsetOpen(true);
      else if (key === 'convertToPath') convertSelectionToPath(editor);
      else if (key === 'breakApart') breakApartSelection(editor);
      else if (key === 'join') joinSelection(editor);
      else if (key === 'closePath') closeSelection(editor);
    },
  };

  const iconButton = (label: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={label}>
      <Button size="small" type="text" aria-label={label} icon={icon} onClick={run} />
    </Tooltip>
  );
  const menuButton = (label: string, menu: MenuProps) => (
    <Dropdown menu={menu} trigger={['click']}>
      <Button size="small" type="text">
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );

  return (
    <>
      {iconButton(a('mirrorH'), <MirrorIcon />, () => mirror(editor, 'horizontal'))}
      {iconButton(a('mirrorV'), <MirrorIcon vertical />, () => mirror(editor, 'vertical'))}
      {menuButton(a('align'), alignMenu)}
      {iconButton(a('group'), <GroupOutlined />, () => group(editor))}
      {iconButton(a('ungroup'), <UngroupOutlined />, () => ungroup(editor))}
      {menuButton(a('order'), orderMenu)}
      {menuButton(a('path'), pathMenu)}
      <ArrayButton />
      {iconButton(a('duplicate'), <CopyOutlined />, () => duplicate(editor))}
      {iconButton(a('delete'), <DeleteOutlined />, () => deleteSelection(editor))}
      {offsetOpen ? <OffsetDialog onClose={() => setOffsetOpen(false)} /> : null}
    </>
  );
}
