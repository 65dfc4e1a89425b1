import { USER_PERMISSIONS, type UserStatus } from '@kerf/contract';
import { Popconfirm, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemUser } from '../../../../api/system-user-api';
import { useCan } from '../../../../app/access/use-can';

/**
 * A user's state: a switch for those who may change it, asking first (disabling ends the user's
 * sessions at once); a tag for others. One's own account cannot be switched off.
 */
export function StatusSwitch({
  user,
  self,
  onChange,
}: {
  user: SystemUser;
  self: boolean;
  onChange(status: UserStatus): Promise<void>;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const enabled = user.status === 'enabled';
  if (!can.permission(USER_PERMISSIONS.edit)) {
    return <Tag color={enabled ? 'green' : 'red'}>{t(`sysmUser.statuses.${user.status}`)}</Tag>;
  }
  const control = (
    <Switch
      size="small"
      checked={enabled}
      loading={busy}
      disabled={self && enabled}
      checkedChildren={t('sysmUser.statuses.enabled')}
      unCheckedChildren={t('sysmUser.statuses.disabled')}
      aria-label={`${t('sysmUser.columns.status')} ${user.loginName}`}
    />
  );
  if (self && enabled) return <Tooltip title={t('sysmUser.you')}>{control}</Tooltip>;
  const next: UserStatus = enabled ? 'disabled' : 'enabled';
  return (
    <Popconfirm
      title={t(enabled ? 'sysmUser.confirmDisable' : 'sysmUser.confirmEnable', {
        name: user.nickName || user.loginName,
      })}
      okText={t(enabled ? 'sysmUser.disable' : 'sysmUser.enable')}
      okButtonProps={{ danger: enabled }}
      cancelText={t('sysmUser.cancel')}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onChange(next);
        } finally {
          setBusy(false);
        }
      }}
    >
      {control}
    </Popconfirm>
  );
}
