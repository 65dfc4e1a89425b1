import type { MenuTreeNode } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import { menuTree } from '../../../../api/system-role-api';
import { useSettings } from '../../../../stores/settings-store';
import { checkState, otherGrants, toggle, withOtherGrants } from '../model/permission-tree';

const TYPE_COLOURS = { M: 'blue', C: 'green', F: 'default' } as const;

/** The nodes that have something under them, however deep. */
function parents(nodes: readonly MenuTreeNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length ? [node.id, ...parents(node.children)] : []));
}

/**
 * A role's grants as a form control: the menu tree (directories, pages, buttons) with a checkbox and the
 * permission string on each node, and the grants the tree does not name (wildcards) as editable tags.
 */
export function PermissionTree({
  value,
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?(grants: string[]): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const tree = useQuery({ queryKey: ['sysm', 'menu-tree'], queryFn: menuTree });
  const nodes = tree.data ?? [];
  const grants = value ?? [];
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const checked = useMemo(() => checkState(nodes, grants), [nodes, grants]);
  const treeData = useMemo(() => {
    const toData = (node: MenuTreeNode): DataNode => ({
      key: node.id,
      title: (
        <span className="role-tree__node">
          <Tag bordered={false} color={TYPE_COLOURS[node.type]} className="role-tree__type">
            {t(`sysmRole.menu.types.${node.type}`)}
          </Tag>
          <span className="role-tree__title">{node.title[locale]}</span>
          {node.permission ? <code className="role-tree__permission">{node.permission}</code> : null}
          {node.visible ? null : <Tag className="role-tree__hidden">{t('sysmRole.role.hidden')}</Tag>}
        </span>
      ),
      children: node.children.length ? node.children.map(toData) : undefined,
    });
    return nodes.map(toData);
  }, [nodes, locale, t]);
  const shownExpanded = expanded ?? nodes.filter((node) => node.children.length).map((node) => node.id);

  if (tree.isError) return <Alert type="error" showIcon message={messageOf(tree.error)} />;
  return (
    <div className="role-tree">
      <Space size={4} className="role-tree__toolbar">
        <Button size="small" type="link" onClick={() => setExpanded(parents(nodes))}>
          {t('sysmRole.role.expandAll')}
        </Button>
        <Button size="small" type="link" onClick={() => setExpanded([])}>
          {t('sysmRole.role.collapseAll')}
        </Button>
      </Space>
      <div className="role-tree__scroll">
        <Tree
          checkable
          checkStrictly
          selectable={false}
          disabled={disabled}
          treeData={treeData}
          checkedKeys={checked}
          expandedKeys={shownExpanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(_, info) => onChange?.(toggle(nodes, grants, String(info.node.key), info.checked))}
        />
      </div>
      <div className="role-tree__others">
        <div className="role-tree__others-label">{t('sysmRole.role.otherGrants')}</div>
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          disabled={disabled}
          aria-label={t('sysmRole.role.otherGrants')}
          placeholder={t('sysmRole.role.otherGrantsHint')}
          value={otherGrants(nodes, grants)}
          tokenSeparators={[',', ' ']}
          onChange={(others: string[]) => onChange?.(withOtherGrants(nodes, grants, others))}
          className="role-tree__others-input"
        />
      </div>
    </div>
  );
}
