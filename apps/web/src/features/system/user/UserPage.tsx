import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, USER_PERMISSIONS, type UserStatus } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import {
  changeUserStatus,
  exportUsersUrl,
  listUsers,
  type SystemUser,
  type UserQuery,
  unlockAccount,
} from '../../../api/system-user-api';
import { useCan } from '../../../app/access/use-can';
import { useSession } from '../../../stores/session-store';
import { ColumnChoice } from '../shared/ColumnChoice';
import { ExportButton } from '../shared/SearchButtons';
import { useColumnChoice } from '../shared/use-column-choice';
import { LoginHistoryDrawer } from './components/LoginHistoryDrawer';
import { accountOf, type UserAction } from './components/UserActions';
import { UserSearchForm } from './components/UserSearchForm';
import { UserTable } from './components/UserTable';
import { PasswordDialog } from './dialogs/PasswordDialog';
import { QuotaDialog } from './dialogs/QuotaDialog';
import { RolesDialog } from './dialogs/RolesDialog';
import { UserDialog } from './dialogs/UserDialog';
import { useRoleChoices } from './hooks/use-role-choices';
import { OPTIONAL_COLUMNS, queryOf } from './model/user-model';
import './user.css';

type Opened = { action: UserAction; user: SystemUser } | { action: 'add' } | null;

/**
 * /sysm/user (RuoYi's user screen): users searched by keyword, state, role and registration days;
 * added, changed, switched off and on, given passwords, quotas and roles; exported; their sign-ins
 * looked at. Buttons show by permission; the server checks every call again.
 */
export function UserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const me = useSession((s) => s.user?.userId);
  const [query, setQuery] = useState<UserQuery>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [opened, setOpened] = useState<Opened>(null);
  const columns = useColumnChoice('user', OPTIONAL_COLUMNS);
  const users = useQuery({
    queryKey: ['sysm', 'users', query, page, pageSize],
    queryFn: () => listUsers(query, page, pageSize),
    placeholderData: keepPreviousData,
  });
  const list = users.data?.list ?? [];
  const roles = useRoleChoices(list);
  const refresh = () => void users.refetch();
  const close = () => setOpened(null);
  const unlock = async (user: SystemUser) => {
    const account = accountOf(user);
    if (!account) return;
    try {
      void message.success(await unlockAccount(account));
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  const changeStatus = async (user: SystemUser, status: UserStatus) => {
    try {
      void message.success(await changeUserStatus(user.id, status));
      await users.refetch();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  return (
    <div className="sysm-user">
      <UserSearchForm
        roles={roles}
        onSearch={(filters) => {
          setPage(1);
          setQuery(queryOf(filters));
        }}
      />
      <div className="sysm-user__toolbar">
        <Space>
          {can.permission(USER_PERMISSIONS.add) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpened({ action: 'add' })}>
              {t('sysmUser.add')}
            </Button>
          ) : null}
          {can.permission(USER_PERMISSIONS.export) ? (
            <ExportButton hrefOf={(format) => exportUsersUrl(query, format)} />
          ) : null}
        </Space>
        <Space>
          <Tooltip title={t('sysmUser.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('sysmUser.refresh')} onClick={refresh} />
          </Tooltip>
          <ColumnChoice
            options={OPTIONAL_COLUMNS.map((c) => ({ value: c, label: t(`sysmUser.columns.${c}`) }))}
            hidden={columns.hidden}
            onChange={columns.change}
          />
        </Space>
      </div>
      {users.isError ? (
        <Alert type="error" showIcon message={messageOf(users.error)} className="sysm-user__refused" />
      ) : null}
      <UserTable
        users={list}
        loading={users.isFetching}
        page={page}
        pageSize={pageSize}
        total={users.data?.total ?? 0}
        hidden={columns.hidden}
        me={me}
        onPage={(next, size) => {
          setPage(size === pageSize ? next : 1);
          setPageSize(size);
        }}
        onAction={(user, action) => (action === 'unlock' ? unlock(user) : setOpened({ action, user }))}
        onStatus={changeStatus}
      />
      {opened?.action === 'add' ? <UserDialog roles={roles} onClose={close} onSaved={refresh} /> : null}
      {opened?.action === 'edit' ? (
        <UserDialog user={opened.user} roles={roles} onClose={close} onSaved={refresh} />
      ) : null}
      {opened?.action === 'resetPwd' ? <PasswordDialog user={opened.user} onClose={close} /> : null}
      {opened?.action === 'quota' ? <QuotaDialog user={opened.user} onClose={close} onSaved={refresh} /> : null}
      {opened?.action === 'roles' ? (
        <RolesDialog user={opened.user} roles={roles} onClose={close} onSaved={refresh} />
      ) : null}
      {opened?.action === 'logins' ? <LoginHistoryDrawer user={opened.user} onClose={close} /> : null}
    </div>
  );
}
