import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { ROLE_PERMISSIONS, ROLE_STATUSES, type Role, type RoleStatus } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import { listRoles, type RoleQuery, removeRole } from '../../../api/system-role-api';
import { useCan } from '../../../app/access/use-can';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';
import { ColumnChoice } from '../shared/ColumnChoice';
import { SearchButtons } from '../shared/SearchButtons';
import { useColumnChoice } from '../shared/use-column-choice';
import { usePaging } from '../shared/use-paging';
import { RowButtons } from './components/RowButtons';
import { RoleDialog } from './dialogs/RoleDialog';
import { isAdminRole } from './model/role-forms';
import './role.css';

/** Grants shown in the table's cell before "+N". */
const SHOWN_GRANTS = 3;
type Filters = { roleName?: string; roleKey?: string; status?: RoleStatus };

/** The columns a person may hide; the first and the actions always show. */
const ROLE_OPTIONAL_COLUMNS = ['key', 'permissions', 'order', 'people', 'status', 'created'] as const;

/**
 * /sysm/role: roles searched by name, key and state; add and edit with the permissions picked from
 * the menu tree; delete after a confirmation. The administrator role is shown read-only. Buttons show
 * by permission; the server checks every call again.
 */
export function RolePage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useCan();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const { page, limit, setPage, pagination } = usePaging();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const query: RoleQuery = { ...filters, page, limit };
  const roles = useQuery({
    queryKey: ['sysm', 'roles', query],
    queryFn: () => listRoles(query),
    placeholderData: keepPreviousData,
  });
  const list = roles.data?.list ?? [];
  const saved = async () => {
    await roles.refetch();
    await client.invalidateQueries({ queryKey: ['sysm', 'roles'] });
  };
  const remove = async (role: Role) => {
    try {
      void message.success(await removeRole(role.id));
      await saved();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  const search = (values: Filters) => {
    setPage(1);
    setFilters({
      ...(values.roleName?.trim() ? { roleName: values.roleName.trim() } : {}),
      ...(values.roleKey?.trim() ? { roleKey: values.roleKey.trim() } : {}),
      ...(values.status ? { status: values.status } : {}),
    });
  };

  const columns: TableColumnsType<Role> = [
    {
      key: 'name',
      title: t('sysmRole.role.roleName'),
      render: (_, role) => (
        <Space size={4} wrap>
          <span>{role.roleName}</span>
          {role.builtin ? <Tag bordered={false}>{t('sysmRole.common.builtin')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'key',
      title: t('sysmRole.role.roleKey'),
      render: (_, role) => <span className="role-page__mono">{role.roleKey}</span>,
    },
    {
      key: 'permissions',
      title: t('sysmRole.role.permissions'),
      render: (_, role) =>
        isAdminRole(role) ? (
          <Tag color="gold">{t('sysmRole.role.allPermissions')}</Tag>
        ) : (
          <Grants permissions={role.permissions} />
        ),
    },
    { key: 'order', title: t('sysmRole.common.orderNum'), dataIndex: 'orderNum', width: 90 },
    { key: 'people', title: t('sysmRole.role.userCount'), dataIndex: 'userCount', width: 80 },
    {
      key: 'status',
      title: t('sysmRole.common.status'),
      width: 90,
      render: (_, role) => (
        <Tag color={role.status === 'enabled' ? 'green' : 'red'}>{t(`sysmRole.role.statuses.${role.status}`)}</Tag>
      ),
    },
    {
      key: 'created',
      title: t('sysmRole.common.createdAt'),
      width: 170,
      render: (_, role) => formatDateTime(role.createdAt, locale),
    },
    {
      key: 'actions',
      title: t('sysmRole.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_, role) =>
        isAdminRole(role) ? (
          <Tooltip title={t('sysmRole.role.adminRow')}>
            <LockOutlined className="role-page__locked" aria-label={t('sysmRole.role.adminRow')} />
          </Tooltip>
        ) : (
          <RowButtons
            name={role.roleKey}
            confirm={t('sysmRole.role.confirmRemove', { name: role.roleName })}
            canEdit={can.permission(ROLE_PERMISSIONS.edit)}
            canRemove={can.permission(ROLE_PERMISSIONS.remove) && !role.builtin}
            onEdit={() => setEditing(role)}
            onRemove={() => remove(role)}
          />
        ),
    },
  ];
  const choice = useColumnChoice('role', ROLE_OPTIONAL_COLUMNS);
  return (
    <div className="role-page">
      <Form form={form} name="role-filters" layout="inline" className="role-page__filters" onFinish={search}>
        <Form.Item name="roleName" label={t('sysmRole.role.roleName')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="roleKey" label={t('sysmRole.role.roleKey')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="status" label={t('sysmRole.common.status')}>
          <Select
            allowClear
            className="role-page__select"
            placeholder={t('sysmRole.common.any')}
            options={ROLE_STATUSES.map((s) => ({ value: s, label: t(`sysmRole.role.statuses.${s}`) }))}
          />
        </Form.Item>
        <Space>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              search({});
            }}
          />
          {can.permission(ROLE_PERMISSIONS.add) ? (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('sysmRole.common.add')}
            </Button>
          ) : null}
          <ColumnChoice options={choice.options(columns)} hidden={choice.hidden} onChange={choice.change} />
        </Space>
      </Form>
      {roles.isError ? (
        // a refusal (当前操作没有权限) says so rather than showing an empty list
        <Alert type="error" showIcon message={messageOf(roles.error)} className="role-page__refused" />
      ) : null}
      <Table<Role>
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        loading={roles.isFetching}
        dataSource={list}
        locale={{ emptyText: t('sysmRole.common.none') }}
        pagination={pagination(roles.data?.total ?? 0, (total) => t('sysmRole.role.total', { count: total }))}
        columns={choice.shown(columns)}
      />
      {editing ? (
        <RoleDialog
          role={editing === 'new' ? undefined : editing}
          shown={list}
          onClose={() => setEditing(null)}
          onSaved={() => void saved()}
        />
      ) : null}
    </div>
  );
}

/** A role's grants in a cell: the first few, and how many more (all of them on hover). */
function Grants({ permissions }: { permissions: readonly string[] }) {
  if (!permissions.length) return <span className="role-page__grants">—</span>;
  const shown = permissions.slice(0, SHOWN_GRANTS);
  return (
    <Tooltip title={permissions.length > SHOWN_GRANTS ? permissions.join(', ') : undefined}>
      <span className="role-page__grants">
        {shown.join(', ')}
        {permissions.length > SHOWN_GRANTS ? (
          <Tag bordered={false} className="role-page__more">
            +{permissions.length - SHOWN_GRANTS}
          </Tag>
        ) : null}
      </span>
    </Tooltip>
  );
}
