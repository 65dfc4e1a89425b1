import { ArrowLeftOutlined } from '@ant-design/icons';
import { type Locale, PLUGIN_PERMISSION_LABELS, type PluginManifest } from '@kerf/contract';
import { createDocument } from '@kerf/laser';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../../api/request';
import { useSettings } from '../../../stores/settings-store';
import { PluginIcon } from './components/PluginIcon';
import { PluginPageActions } from './components/PluginPageActions';
import { PluginPicker } from './components/PluginPicker';
import { PluginRunPanel } from './components/PluginRunPanel';
import type { PluginRunContext } from './hooks/use-live-plugin-run';
import { usePluginDetail, usePluginEntry } from './hooks/use-plugin-data';
import { usePluginSession } from './hooks/use-plugin-session';
import './plugin-page.css';

/** The page has no drawing: plugins see the editor's blank work area and, if they ask, no selection. */
const BLANK = createDocument();
const PAGE_WORK_AREA = { width: BLANK.width, height: BLANK.height };

/**
 * /plugin (SPEC §2, public): a plugin on a page of its own — `?id=` names it, without it the published
 * plugins are listed to pick from. Visitors can use it: parameters, a live preview, SVG and DXF
 * downloads, and "open in the editor".
 */
export function PluginRunPage() {
  const locale = useSettings((s) => s.locale);
  const [search] = useSearchParams();
  const id = search.get('id');
  return (
    <div className="plugin-page">
      <Card variant="borderless" className="plugin-page__card-frame">
        {id ? <PluginRunView key={id} id={id} locale={locale} /> : <PluginPicker locale={locale} />}
      </Card>
    </div>
  );
}

function PluginRunView({ id, locale }: { id: string; locale: Locale }) {
  const { t } = useTranslation();
  const detail = usePluginDetail(id);
  const plugin = detail.data;
  const entry = usePluginEntry(id, plugin?.version ?? null);
  const back = (
    <Link to="/plugin" className="plugin-page__back">
      <ArrowLeftOutlined /> {t('plugin-run.header.back')}
    </Link>
  );
  if (detail.isError) {
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          title={t('plugin-run.load.notFound', { id })}
          description={messageOf(detail.error)}
        />
      </>
    );
  }
  if (!plugin) return <Skeleton active avatar />;
  const permissions = plugin.manifest.permissions.map((p) => PLUGIN_PERMISSION_LABELS[p][locale]);
  return (
    <>
      {back}
      <header className="plugin-page__header">
        <PluginIcon id={plugin.id} version={plugin.version} hasIcon={plugin.hasIcon} size={48} />
        <div className="plugin-page__heading">
          <Typography.Title level={3} className="plugin-page__title">
            {plugin.name[locale]}
          </Typography.Title>
          <div className="plugin-page__meta">
            <span>{t('plugin-run.header.author', { author: plugin.author })}</span>
            <span>{t('plugin-run.header.version', { version: plugin.version })}</span>
            {permissions.length ? (
              <span>{t('plugin-run.header.permissions', { list: permissions.join('、') })}</span>
            ) : null}
          </div>
          <Typography.Paragraph type="secondary" className="plugin-page__intro">
            {plugin.description[locale]}
          </Typography.Paragraph>
        </div>
      </header>
      {entry.isError ? (
        <Alert type="error" showIcon title={t('plugin-run.load.failed', { reason: messageOf(entry.error) })} />
      ) : entry.data ? (
        <PluginRunner
          key={`${plugin.id}@${plugin.version}`}
          code={entry.data}
          manifest={plugin.manifest}
          locale={locale}
        />
      ) : (
        <Skeleton active />
      )}
    </>
  );
}

function PluginRunner({ code, manifest, locale }: { code: string; manifest: PluginManifest; locale: Locale }) {
  const source = useMemo(() => ({ code, manifest }), [code, manifest]);
  const context = useMemo<PluginRunContext>(
    () => ({
      locale,
      workArea: PAGE_WORK_AREA,
      ...(manifest.permissions.includes('selection:read') ? { selection: { shapes: [], bounds: null } } : {}),
    }),
    [locale, manifest],
  );
  const session = usePluginSession(source, context);
  return <PluginRunPanel session={session} actions={<PluginPageActions session={session} />} />;
}
