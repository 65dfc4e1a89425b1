import {
  CONFIG_PERMISSIONS,
  DICT_PERMISSIONS,
  LOGIN_LOG_PERMISSIONS,
  MENU_PERMISSIONS,
  ONLINE_PERMISSIONS,
  OPER_LOG_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_PERMISSIONS,
} from '@kerf/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/access/use-can';

/** The screens of /sysm, each shown to those whose permission lists it. */
const SCREENS = [
  { key: 'user', permission: USER_PERMISSIONS.list },
  { key: 'role', permission: ROLE_PERMISSIONS.list },
  { key: 'menu', permission: MENU_PERMISSIONS.list },
  { key: 'dict', permission: DICT_PERMISSIONS.list },
  { key: 'config', permission: CONFIG_PERMISSIONS.list },
  { key: 'operlog', permission: OPER_LOG_PERMISSIONS.list },
  { key: 'logininfor', permission: LOGIN_LOG_PERMISSIONS.list },
  { key: 'online', permission: ONLINE_PERMISSIONS.list },
] as const;

/** /sysm: one tab per screen (RuoYi's system menu), the screen below. */
export function SysmLayout() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = SCREENS.find((s) => pathname.startsWith(`/sysm/${s.key}`))?.key ?? 'dict';
  const shown = SCREENS.filter((s) => can.permission(s.permission) || s.key === current);
  return (
    <div className="sysm-page">
      <Tabs
        activeKey={current}
        onChange={(key) => void navigate(`/sysm/${key}`)}
        items={shown.map((s) => ({ key: s.key, label: t(`system.route.${s.key}`) }))}
      />
      <Outlet />
    </div>
  );
}
