import { PlusOutlined } from '@ant-design/icons';
import { MENU_PERMISSIONS, menuTitle, type SysMenu } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import { listMenus, removeMenu } from '../../../api/system-role-api';
import { useCan } from '../../../app/access/use-can';
import { MENU_ICONS } from '../../../app/layout/menu-config';
import { useSettings } from '../../../stores/settings-store';
import { RowButtons } from '../role/components/RowButtons';
import { SearchButtons } from '../shared/SearchButtons';
import { MenuDialog } from './dialogs/MenuDialog';
import { buildMenuTree, expandableIds, type MenuNode } from './model/menu-tree';
import './menu.css';

type Filters = { title?: string; visible?: 'true' | 'false' };
type Editing = { menu?: SysMenu; parentId: string | null };
const TYPE_COLOURS = { M: 'blue', C: 'green', F: 'default' } as const;

/**
 * /sysm/menu: the menu tree as an expandable table (directories, pages, buttons), searched by title
 * and visibility; add (at the top or below an entry), edit and delete after a confirmation. Kerf's own
 * entries can be retitled, reordered and hidden but not deleted.
 */
export function MenuPage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useCan();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<{ title?: string; visible?: boolean }>({});
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const menus = useQuery({
    queryKey: ['sysm', 'menus', filters],
    queryFn: () => listMenus(filters),
    placeholderData: keepPreviousData,
  });
  const list = menus.data ?? [];
  const tree = useMemo(() => buildMenuTree(list), [list]);
  // a search shows its hits opened; the whole tree starts folded
  const shownExpanded = expanded ?? (filters.title ? expandableIds(tree) : []);
  const everything = useQuery({ queryKey: ['sysm', 'menus', {}], queryFn: () => listMenus(), enabled: !!editing });

  const saved = async () => {
    await client.invalidateQueries({ queryKey: ['sysm', 'menus'] });
    await client.invalidateQueries({ queryKey: ['sysm', 'menu-tree'] });
  };
  const remove = async (menu: SysMenu) => {
    try {
      void message.success(await removeMenu(menu.id));
      await saved();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  return (
    <div className="menu-page">
      <Form
        form={form}
        name="menu-filters"
        layout="inline"
        className="menu-page__filters"
        onFinish={(values: Filters) => {
          setExpanded(null);
          setFilters({
            ...(values.title?.trim() ? { title: values.title.trim() } : {}),
            ...(values.visible ? { visible: values.visible === 'true' } : {}),
          });
        }}
      >
        <Form.Item name="title" label={t('sysmRole.menu.title')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="visible" label={t('sysmRole.menu.visible')}>
          <Select
            allowClear
            className="menu-page__select"
            placeholder={t('sysmRole.common.any')}
            options={[
              { value: 'true', label: t('sysmRole.menu.visibility.shown') },
              { value: 'false', label: t('sysmRole.menu.visibility.hidden') },
            ]}
          />
        </Form.Item>
        <Space wrap>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              setExpanded(null);
              setFilters({});
            }}
          />
          {can.permission(MENU_PERMISSIONS.add) ? (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null })}>
              {t('sysmRole.common.add')}
            </Button>
          ) : null}
          <Button onClick={() => setExpanded(shownExpanded.length ? [] : expandableIds(tree))}>
            {t(shownExpanded.length ? 'sysmRole.menu.collapseAll' : 'sysmRole.menu.expandAll')}
          </Button>
        </Space>
      </Form>
      {menus.isError ? (
        <Alert type="error" showIcon message={messageOf(menus.error)} className="menu-page__refused" />
      ) : null}
      <Table<MenuNode>
        rowKey="id"
        size="small"
        scroll={{ x: 1000 }}
        loading={menus.isFetching}
        dataSource={tree}
        pagination={false}
        locale={{ emptyText: t('sysmRole.common.none') }}
        expandable={{
          expandedRowKeys: shownExpanded,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
        columns={[
          {
            key: 'title',
            title: t('sysmRole.menu.title'),
            width: 240,
            render: (_, menu) => (
              <Space size={4}>
                <span>{menuTitle(menu, locale)}</span>
                {menu.builtin ? <Tag bordered={false}>{t('sysmRole.common.builtin')}</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'icon',
            title: t('sysmRole.menu.icon'),
            width: 60,
            render: (_, menu) => (menu.icon ? (MENU_ICONS[menu.icon] ?? menu.icon) : null),
          },
          {
            key: 'type',
            title: t('sysmRole.menu.menuType'),
            width: 80,
            render: (_, menu) => (
              <Tag bordered={false} color={TYPE_COLOURS[menu.menuType]}>
                {t(`sysmRole.menu.types.${menu.menuType}`)}
              </Tag>
            ),
          },
          { key: 'order', title: t('sysmRole.common.orderNum'), dataIndex: 'orderNum', width: 90 },
          {
            key: 'permission',
            title: t('sysmRole.menu.permission'),
            render: (_, menu) => <span className="menu-page__mono">{menu.permission}</span>,
          },
          {
            key: 'path',
            title: t('sysmRole.menu.path'),
            render: (_, menu) => <span className="menu-page__mono">{menu.path}</span>,
          },
          {
            key: 'visible',
            title: t('sysmRole.menu.visible'),
            width: 80,
            render: (_, menu) => (
              <Tag color={menu.visible ? 'green' : 'default'}>
                {t(menu.visible ? 'sysmRole.menu.visibility.shown' : 'sysmRole.menu.visibility.hidden')}
              </Tag>
            ),
          },
          {
            key: 'actions',
            title: t('sysmRole.common.actions'),
            width: 120,
            fixed: 'right',
            render: (_, menu) => (
              <RowButtons
                name={menuTitle(menu, locale)}
                confirm={t('sysmRole.menu.confirmRemove', { name: menuTitle(menu, locale) })}
                canEdit={can.permission(MENU_PERMISSIONS.edit)}
                canRemove={can.permission(MENU_PERMISSIONS.remove) && !menu.builtin}
                onEdit={() => setEditing({ menu, parentId: menu.parentId })}
                onRemove={() => remove(menu)}
                before={
                  can.permission(MENU_PERMISSIONS.add) && menu.menuType !== 'F' ? (
                    <Button
                      type="link"
                      size="small"
                      icon={<PlusOutlined />}
                      aria-label={`${t('sysmRole.menu.addChild')} ${menuTitle(menu, locale)}`}
                      title={t('sysmRole.menu.addChild')}
                      onClick={() => setEditing({ parentId: menu.id })}
                    />
                  ) : null
                }
              />
            ),
          },
        ]}
      />
      {editing && everything.data ? (
        <MenuDialog
          menu={editing.menu}
          parentId={editing.parentId}
          list={everything.data}
          onClose={() => setEditing(null)}
          onSaved={() => void saved()}
        />
      ) : null}
    </div>
  );
}
