import { PAGE_SIZES, type UserStatus } from '@kerf/contract';
import { Progress, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SystemUser } from '../../../../api/system-user-api';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';
import { formatSize } from '../../../drive/model/format';
import { usedPercent } from '../model/user-model';
import { StatusSwitch } from './StatusSwitch';
import { type UserAction, UserActions } from './UserActions';

/** The users on one page, with the columns the person chose to see. */
export function UserTable({
  users,
  loading,
  page,
  pageSize,
  total,
  hidden,
  me,
  onPage,
  onAction,
  onStatus,
}: {
  users: SystemUser[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  hidden: readonly string[];
  /** The signed-in person's own id. */
  me: string | undefined;
  onPage(page: number, pageSize: number): void;
  onAction(user: SystemUser, action: UserAction): void;
  onStatus(user: SystemUser, status: UserStatus): Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const columns: TableColumnsType<SystemUser> = [
    {
      key: 'loginName',
      title: t('sysmUser.columns.loginName'),
      dataIndex: 'loginName',
      fixed: 'left',
      width: 140,
      render: (name: string, user) => (
        <span className="sysm-user__login">
          {name}
          {user.id === me ? (
            <Tooltip title={t('sysmUser.you')}>
              <Tag className="sysm-user__you">{t('sysmUser.me')}</Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    { key: 'nickName', title: t('sysmUser.columns.nickName'), dataIndex: 'nickName', width: 130, ellipsis: true },
    { key: 'mobile', title: t('sysmUser.columns.mobile'), dataIndex: 'mobile', width: 130 },
    { key: 'email', title: t('sysmUser.columns.email'), dataIndex: 'email', width: 200, ellipsis: true },
    {
      key: 'roles',
      title: t('sysmUser.columns.roles'),
      width: 160,
      render: (_, user) =>
        user.roles.map((r) => (
          <Tag key={r.roleKey} bordered={false} color={r.roleKey === 'admin' ? 'gold' : undefined}>
            {r.roleName}
          </Tag>
        )),
    },
    {
      key: 'status',
      title: t('sysmUser.columns.status'),
      width: 90,
      render: (_, user) => <StatusSwitch user={user} self={user.id === me} onChange={(s) => onStatus(user, s)} />,
    },
    {
      key: 'storage',
      title: t('sysmUser.columns.storage'),
      width: 170,
      render: (_, user) => (
        <Tooltip title={`${formatSize(user.usedBytes)} / ${formatSize(user.quotaBytes)}`}>
          <div className="sysm-user__storage">
            <Progress
              percent={usedPercent(user)}
              size="small"
              showInfo={false}
              status={user.usedBytes > user.quotaBytes ? 'exception' : 'normal'}
            />
            <span>
              {formatSize(user.usedBytes)} / {formatSize(user.quotaBytes)}
            </span>
          </div>
        </Tooltip>
      ),
    },
    {
      key: 'createdAt',
      title: t('sysmUser.columns.createdAt'),
      width: 170,
      render: (_, user) => formatDateTime(user.createdAt, locale),
    },
    {
      key: 'lastLogin',
      title: t('sysmUser.columns.lastLogin'),
      width: 180,
      render: (_, user) =>
        user.lastLoginAt ? (
          <div className="sysm-user__last">
            <span>{formatDateTime(user.lastLoginAt, locale)}</span>
            <span className="sysm-user__muted">{user.lastLoginIp}</span>
          </div>
        ) : (
          <span className="sysm-user__muted">{t('sysmUser.never')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('sysmUser.columns.actions'),
      fixed: 'right',
      width: 170,
      render: (_, user) => <UserActions user={user} onAction={(action) => onAction(user, action)} />,
    },
  ];
  const shown = columns.filter((c) => !hidden.includes(String(c.key)));
  return (
    <Table<SystemUser>
      rowKey="id"
      size="small"
      className="sysm-user__table"
      scroll={{ x: shown.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
      loading={loading}
      dataSource={users}
      columns={shown}
      locale={{ emptyText: t('sysmUser.none') }}
      pagination={{
        current: page,
        pageSize,
        total,
        onChange: onPage,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('sysmUser.total', { count }),
      }}
    />
  );
}
