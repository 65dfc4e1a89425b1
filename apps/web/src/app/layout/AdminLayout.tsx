import { Drawer, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { settingsStore, useSettings } from '../../stores/settings-store';
import { tagsViewStore, useTagsView } from '../../stores/tags-view-store';
import { currentPage } from '../route-handle';
import './layout.css';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { SIDEBAR_WIDTH, Sidebar, SidebarContent } from './Sidebar';
import { TagsView } from './TagsView';
import { useNarrowViewport } from './use-narrow-viewport';

/** Records the current page as a tag; the workbench is pinned first, like RuoYi's home tag. */
function useVisitedViews() {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  useEffect(() => {
    tagsViewStore.pin({ path: '/workbench', fullPath: '/workbench', titleKey: 'route.workbench', affix: true });
  }, []);
  useEffect(() => {
    const page = currentPage(matches);
    if (!page) return;
    tagsViewStore.visit({ path: pathname, fullPath: `${pathname}${search}`, titleKey: page.handle.titleKey });
  }, [matches, pathname, search]);
}

/** The admin look of SPEC §1: sidebar, navbar with breadcrumb, tags view, and the settings drawer. */
export function AdminLayout() {
  const narrow = useNarrowViewport();
  const collapsed = useSettings((s) => s.sidebarCollapsed);
  const { tagsView, fixedHeader, sideTheme } = useSettings((s) => s.layout);
  const refreshVersion = useTagsView((s) => s.refreshVersion);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useVisitedViews();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is what closes the menu drawer
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  return (
    <Layout className="admin-layout" hasSider={!narrow}>
      {narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          className={`admin-sidebar-drawer admin-sidebar-drawer--${sideTheme}`}
          styles={{ body: { padding: 0 } }}
        >
          <SidebarContent onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Sidebar />
      )}
      <Layout className="admin-main">
        <header className={fixedHeader ? 'admin-header is-fixed' : 'admin-header'}>
          <Navbar
            narrow={narrow}
            sidebarOpen={narrow ? drawerOpen : !collapsed}
            onToggleSidebar={() => (narrow ? setDrawerOpen((o) => !o) : settingsStore.setSidebarCollapsed(!collapsed))}
            onOpenSettings={() => setSettingsOpen(true)}
          />
          {tagsView ? <TagsView /> : null}
        </header>
        <Layout.Content className="admin-content">
          <Outlet key={refreshVersion} />
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
