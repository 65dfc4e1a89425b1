import { AppstoreAddOutlined } from '@ant-design/icons';
import type { Bilingual, PluginManifest } from '@kerf/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../../stores/session-store';
import { useSettings } from '../../../../stores/settings-store';
import { PluginIcon } from '../../../plugins/run/components/PluginIcon';
import { useMyPlugins, usePublishedPlugins } from '../../../plugins/run/hooks/use-plugin-data';
import { PluginDialog } from './PluginDialog';

/** A plugin the menu offers: its version to run and, for my plugins, the manifest already at hand. */
export interface MenuPlugin {
  id: string;
  version: string;
  name: Bilingual;
  hasIcon: boolean;
  manifest?: PluginManifest;
}

const MANAGE_KEY = '__manage';

/**
 * The editor's plugins menu: my enabled plugins (a visitor: the built-ins), and the way to the plugin
 * manager. Choosing one opens its dialog: parameters, a live preview, and "insert".
 */
export function PluginsMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const signedIn = useSession((s) => s.user !== null);
  const mine = useMyPlugins(signedIn);
  const published = usePublishedPlugins(!signedIn);
  const [chosen, setChosen] = useState<MenuPlugin | null>(null);

  const plugins: MenuPlugin[] = signedIn
    ? (mine.data ?? []).flatMap((p) =>
        p.enabled && p.version
          ? [
              {
                id: p.id,
                version: p.version,
                name: p.manifest.name,
                // built-ins carry their icon in code; the server serves it like a package's
                hasIcon: p.builtin || Boolean(p.manifest.icon),
                manifest: p.manifest,
              },
            ]
          : [],
      )
    : (published.data ?? [])
        .filter((p) => p.builtin)
        .map((p) => ({ id: p.id, version: p.version, name: p.name, hasIcon: p.hasIcon }));
  const query = signedIn ? mine : published;

  const items: MenuProps['items'] = [
    ...(plugins.length
      ? plugins.map((p) => ({
          key: p.id,
          label: p.name[locale],
          icon: <PluginIcon id={p.id} version={p.version} hasIcon={p.hasIcon} size={20} />,
        }))
      : [
          {
            key: 'none',
            disabled: true,
            label: query.isError
              ? t('plugin-run.editor.loadFailed')
              : query.isPending
                ? t('plugin-run.preview.running')
                : t('plugin-run.editor.none'),
          },
        ]),
    { type: 'divider' as const },
    { key: MANAGE_KEY, label: t('plugin-run.editor.manage') },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        onOpenChange={(open) => open && void query.refetch()}
        menu={{
          items,
          className: 'design-plugins-menu',
          onClick: ({ key }) => {
            if (key === MANAGE_KEY) void navigate('/pluginsManage');
            else setChosen(plugins.find((p) => p.id === key) ?? null);
          },
        }}
      >
        <Button
          type="text"
          icon={<AppstoreAddOutlined />}
          title={t('plugin-run.editor.menu')}
          data-testid="design-plugins-menu"
        >
          {t('plugin-run.editor.menu')}
        </Button>
      </Dropdown>
      {chosen ? (
        <PluginDialog key={`${chosen.id}@${chosen.version}`} plugin={chosen} onClose={() => setChosen(null)} />
      ) : null}
    </>
  );
}
