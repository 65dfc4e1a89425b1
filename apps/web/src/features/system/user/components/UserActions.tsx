import {
  DatabaseOutlined,
  EditOutlined,
  HistoryOutlined,
  KeyOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { USER_PERMISSIONS } from '@kerf/contract';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemUser } from '../../../../api/system-user-api';
import { useCan } from '../../../../app/access/use-can';

export type UserAction = 'edit' | 'resetPwd' | 'quota' | 'roles' | 'logins' | 'unlock';

const ACTIONS: Array<{ action: UserAction; permission: string; icon: ReactNode }> = [
  { action: 'edit', permission: USER_PERMISSIONS.edit, icon: <EditOutlined /> },
  { action: 'resetPwd', permission: USER_PERMISSIONS.resetPwd, icon: <KeyOutlined /> },
  { action: 'quota', permission: USER_PERMISSIONS.edit, icon: <DatabaseOutlined /> },
  { action: 'roles', permission: USER_PERMISSIONS.edit, icon: <TeamOutlined /> },
  { action: 'logins', permission: USER_PERMISSIONS.query, icon: <HistoryOutlined /> },
  { action: 'unlock', permission: USER_PERMISSIONS.unlock, icon: <UnlockOutlined /> },
];

/** The account a person signs in with, which the sign-in locks are kept by; none for chat-app-only people. */
export const accountOf = (user: SystemUser) => user.email ?? user.mobile ?? null;

/** A row's actions, each shown only to those who may (the server checks again), named for screen readers. */
export function UserActions({ user, onAction }: { user: SystemUser; onAction(action: UserAction): void }) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Space size={0}>
      {ACTIONS.filter((a) => can.permission(a.permission) && (a.action !== 'unlock' || accountOf(user))).map(
        ({ action, icon }) => (
          <Tooltip key={action} title={t(`sysmUser.actions.${action}`)}>
            <Button
              type="link"
              size="small"
              icon={icon}
              aria-label={`${t(`sysmUser.actions.${action}`)} ${user.loginName}`}
              onClick={() => onAction(action)}
            />
          </Tooltip>
        ),
      )}
    </Space>
  );
}
