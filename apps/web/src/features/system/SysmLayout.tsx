import {
  CONFIG_PERMISSIONS,
  DICT_PERMISSIONS,
  FEEDBACK_PERMISSIONS,
  LOGIN_LOG_PERMISSIONS,
  MENU_PERMISSIONS,
  ONLINE_PERMISSIONS,
  OPER_LOG_PERMISSIONS,
  ROLE_PERMISSIONS,
  SUPPORT_PERMISSIONS,
  USER_PERMISSIONS,
} from '@kerf/contract';
import { Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/access/use-can';
import { systemPagesFromServer } from '../../app/layout/menu-config';
import { useSession } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';

/** The screens of /sysm and the permission each needs: the tabs when the server's menu has none. */
const SCREENS = [
  { key: 'user', permission: USER_PERMISSIONS.list },
  { key: 'role', permission: ROLE_PERMISSIONS.list },
  { key: 'menu', permission: MENU_PERMISSIONS.list },
  { key: 'dict', permission: DICT_PERMISSIONS.list },
  { key: 'config', permission: CONFIG_PERMISSIONS.list },
  { key: 'operlog', permission: OPER_LOG_PERMISSIONS.list },
  { key: 'logininfor', permission: LOGIN_LOG_PERMISSIONS.list },
  { key: 'online', permission: ONLINE_PERMISSIONS.list },
  { key: 'support', permission: SUPPORT_PERMISSIONS.chat },
  { key: 'feedback', permission: FEEDBACK_PERMISSIONS.triage },
] as const;

/** Where /sysm opens for someone the menu offers nothing: the page then says 当前操作没有权限. */
const FALLBACK_SCREEN = '/sysm/dict';

interface SysmTab {
  path: string;
  label: string;
}

const onTab = (pathname: string, tab: SysmTab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`);

/**
 * The tabs: the System entry's pages of the caller's menu (user_routers, so a role change or a hidden
 * page changes them, with the titles an administrator gave them); without one, the screens the
 * caller's permissions open.
 */
function useSysmTabs(): SysmTab[] {
  const { t } = useTranslation();
  const can = useCan();
  const menus = useSession((s) => s.menus);
  const locale = useSettings((s) => s.locale);
  return useMemo(() => {
    const pages = systemPagesFromServer(menus);
    if (pages) return pages.map((page) => ({ path: page.path, label: page.title[locale] || page.title['zh-CN'] }));
    return SCREENS.filter((s) => can.permission(s.permission)).map((s) => ({
      path: `/sysm/${s.key}`,
      label: t(`system.route.${s.key}`),
    }));
  }, [menus, locale, can, t]);
}

/** /sysm: one tab per screen the caller's menu offers (RuoYi's system menu), the screen below. */
export function SysmLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const offered = useSysmTabs();
  // a screen opened by its address but not offered keeps its tab: its page says why it shows nothing
  const unoffered = offered.some((tab) => onTab(pathname, tab))
    ? undefined
    : SCREENS.find((s) => onTab(pathname, { path: `/sysm/${s.key}`, label: '' }));
  const tabs = unoffered
    ? [...offered, { path: `/sysm/${unoffered.key}`, label: t(`system.route.${unoffered.key}`) }]
    : offered;
  const current = tabs.find((tab) => onTab(pathname, tab))?.path;
  return (
    <div className="sysm-page">
      <Tabs
        activeKey={current}
        onChange={(path) => void navigate(path)}
        items={tabs.map((tab) => ({ key: tab.path, label: tab.label }))}
      />
      <Outlet />
    </div>
  );
}

/** /sysm itself: the first screen the caller's menu offers. */
export function SysmIndex() {
  const tabs = useSysmTabs();
  return <Navigate to={tabs[0]?.path ?? FALLBACK_SCREEN} replace />;
}
