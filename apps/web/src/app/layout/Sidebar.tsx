import { Layout, Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';
import { useCan } from '../access/use-can';
import { KerfLogo } from '../brand/KerfLogo';
import { activeMenuKey, MENU, type MenuEntry, menuFromServer, visibleMenu } from './menu-config';

/** The server's menu once a signed-in person's permissions are loaded; the public entries otherwise. */
function useMenuEntries(): MenuEntry[] {
  const loaded = useSession((s) => s.permissionsLoaded);
  const menus = useSession((s) => s.menus);
  const can = useCan();
  return useMemo(() => visibleMenu(loaded ? menuFromServer(menus) : MENU, can.permission), [loaded, menus, can]);
}

export const SIDEBAR_WIDTH = 210;
const SIDEBAR_COLLAPSED_WIDTH = 64;

/** Logo and menu; the same content sits in the fixed sider (wide screens) and in the drawer (narrow). */
export function SidebarContent({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const locale = useSettings((s) => s.locale);
  const sideTheme = useSettings((s) => s.layout.sideTheme);
  const showLogo = useSettings((s) => s.layout.sidebarLogo);
  const entries = useMenuEntries();
  const active = activeMenuKey(entries, pathname, search);
  return (
    <div className={`admin-sidebar admin-sidebar--${sideTheme}`}>
      {/* the front page, named as such: "首页" is the menu's entry (the drive), as in the breadcrumb */}
      {showLogo ? (
        <Link to="/" className="admin-sidebar__logo" aria-label={t('app.documentTitle')}>
          <KerfLogo size={28} markOnly={collapsed} />
        </Link>
      ) : null}
      <Menu
        theme={sideTheme}
        mode="inline"
        selectedKeys={active ? [active] : []}
        onClick={onNavigate}
        items={entries.map((entry) => ({
          key: entry.key,
          icon: entry.icon,
          label: (
            <Link to={entry.path}>
              {entry.title ? entry.title[locale] : entry.titleKey ? t(entry.titleKey) : entry.key}
            </Link>
          ),
        }))}
      />
    </div>
  );
}

/** The wide-screen sider: stays in view while the page scrolls, folds to icons when collapsed. */
export function Sidebar() {
  const collapsed = useSettings((s) => s.sidebarCollapsed);
  const sideTheme = useSettings((s) => s.layout.sideTheme);
  return (
    <Layout.Sider
      className="admin-sider"
      theme={sideTheme}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      trigger={null}
    >
      <SidebarContent collapsed={collapsed} />
    </Layout.Sider>
  );
}
