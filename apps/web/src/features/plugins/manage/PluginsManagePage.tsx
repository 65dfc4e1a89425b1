import { LoginOutlined } from '@ant-design/icons';
import { PLUGIN_PERMISSIONS } from '@kerf/contract';
import { Button, Card, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../../app/access/use-can';
import { preRoute } from '../../../app/guards/pre-route';
import { useSession } from '../../../stores/session-store';
import { CatalogueView } from './components/CatalogueView';
import { PublishingPanel } from './components/PublishingPanel';
import { PluginDetailDrawer } from './dialogs/PluginDetailDrawer';
import { usePluginCatalogue } from './hooks/use-manage-data';
import { usePluginActions } from './hooks/use-plugin-actions';
import { type ManageLocation, type ManageTab, manageQuery, readManageLocation, tabsFor } from './model/manage-location';
import './plugins-manage.css';

/**
 * /pluginsManage (SPEC §2, public): browse the plugins and read one before installing it; signed in,
 * install, update, disable and uninstall them under "My plugins"; with plugin:package:manage, upload
 * packages and publish or withdraw their versions. What it shows lives in the address.
 */
export function PluginsManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.token));
  const publisher = useCan().permission(PLUGIN_PERMISSIONS.manage);
  const access = { signedIn, publisher };
  const [params, setParams] = useSearchParams();
  const location = readManageLocation(params, access);
  const catalogue = usePluginCatalogue(signedIn);
  const actions = usePluginActions();
  const { locale } = catalogue;

  const go = (next: Partial<ManageLocation>, replace = false) =>
    setParams(manageQuery({ ...location, ...next }), { replace });
  const open = (id: string) => go({ id });
  const opened = location.id ? (catalogue.entries.find((e) => e.id === location.id) ?? null) : null;

  const catalogueOf = (view: 'all' | 'mine') => (
    <CatalogueView
      view={view}
      entries={catalogue.entries}
      pending={catalogue.pending}
      error={catalogue.error}
      onRetry={catalogue.refetch}
      search={location.search}
      onSearch={(search) => go({ search }, true)}
      onOpen={open}
      onBrowse={() => go({ tab: 'browse', search: '' })}
      actions={actions}
      locale={locale}
    />
  );

  const panes: Record<ManageTab, { label: string; children: ReactNode }> = {
    browse: { label: t('plugins-manage.page.tabBrowse'), children: catalogueOf('all') },
    mine: { label: t('plugins-manage.page.tabMine'), children: catalogueOf('mine') },
    publishing: {
      label: t('plugins-manage.page.tabPublishing'),
      children: <PublishingPanel locale={locale} onOpen={open} />,
    },
  };
  const tabs = tabsFor(access);

  return (
    <div className="plugins-manage">
      <Card variant="borderless" className="plugins-manage__frame">
        <Typography.Title level={3} className="plugins-manage__title">
          {t('plugins-manage.page.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="plugins-manage__intro">
          {t('plugins-manage.page.intro')}
        </Typography.Paragraph>
        {tabs.length > 1 ? (
          <Tabs
            activeKey={location.tab}
            onChange={(key) => go({ tab: key as ManageTab, id: null })}
            items={tabs.map((tab) => ({ key: tab, ...panes[tab] }))}
            destroyOnHidden
          />
        ) : (
          <>
            {panes.browse.children}
            <div className="plugins-manage__sign-in">
              <span>{t('plugins-manage.page.signInHint')}</span>
              <Button
                type="link"
                size="small"
                icon={<LoginOutlined />}
                onClick={() => {
                  preRoute.save('/pluginsManage?tab=mine');
                  void navigate('/login');
                }}
              >
                {t('plugins-manage.page.signIn')}
              </Button>
            </div>
          </>
        )}
      </Card>
      <PluginDetailDrawer
        id={location.id}
        entry={opened}
        actions={actions}
        locale={locale}
        onClose={() => go({ id: null }, true)}
      />
    </div>
  );
}
