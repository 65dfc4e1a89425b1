import type { Locale, PluginDetail } from '@kerf/contract';
import { Alert, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../../app/media/use-media-query';
import { formatDateTime } from '../../../account/account-format';
import { PluginIcon } from '../../run/components/PluginIcon';
import { usePluginDetail } from '../../run/hooks/use-plugin-data';
import { PermissionList } from '../components/PermissionList';
import { PluginActionsBar, StandingTag } from '../components/PluginActions';
import type { PluginActions } from '../hooks/use-plugin-actions';
import type { CatalogueEntry } from '../model/plugin-catalogue';
import { newestFirst } from '../model/publishing';

interface Props {
  id: string | null;
  /** The plugin as the catalogue knows it (with my standing); null when it is not listed for me. */
  entry: CatalogueEntry | null;
  actions: PluginActions;
  locale: Locale;
  onClose(): void;
}

/**
 * One plugin in full before installing it: the whole description, the permissions it asks for, its
 * parameters and its versions, with the same actions as its card.
 */
export function PluginDetailDrawer({ id, entry, actions, locale, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 575.98px)');
  const detail = usePluginDetail(id);
  const shown = entry ?? (detail.data ? entryOfDetail(detail.data) : null);
  return (
    <Drawer
      open={id !== null}
      size={phone ? '100%' : 520}
      onClose={onClose}
      className="plugins-manage__drawer"
      title={shown ? shown.name[locale] : (id ?? '')}
      closable={{ 'aria-label': t('plugins-manage.detail.close') }}
      destroyOnHidden
    >
      {shown ? (
        <DetailBody entry={shown} detail={detail.data} actions={actions} locale={locale} />
      ) : detail.isError ? (
        <Empty description={t('plugins-manage.detail.notFound', { id: id ?? '' })} />
      ) : (
        <Skeleton active avatar />
      )}
    </Drawer>
  );
}

/** A plugin opened by its address that the catalogue does not list (an administrator's draft). */
function entryOfDetail(detail: PluginDetail): CatalogueEntry {
  return {
    id: detail.id,
    name: detail.name,
    description: detail.description,
    author: detail.author,
    version: detail.version,
    builtin: detail.builtin,
    hasIcon: detail.hasIcon,
    permissions: detail.permissions,
    standing: { kind: 'available' },
    installedPermissions: null,
    published: detail.versions.some((v) => v.status === 'published'),
  };
}

function DetailBody({
  entry,
  detail,
  actions,
  locale,
}: {
  entry: CatalogueEntry;
  detail: PluginDetail | undefined;
  actions: PluginActions;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const { standing } = entry;
  const installed = standing.kind === 'installed' || standing.kind === 'updatable' ? standing.version : null;
  // beside the listed version only when they differ (an update waits)
  const behind = standing.kind === 'updatable' ? standing.version : null;
  const parameters = detail?.manifest.parameters ?? [];
  return (
    <div className="plugins-manage__detail">
      <header className="plugins-manage__detail-head">
        <PluginIcon id={entry.id} version={entry.version} hasIcon={entry.hasIcon} size={56} />
        <div className="plugins-manage__detail-heading">
          <div className="plugins-manage__detail-meta">
            <span>{entry.author}</span>
            <span aria-hidden>·</span>
            <span>{entry.version}</span>
          </div>
          <div className="plugins-manage__detail-tags">
            {entry.builtin ? <Tag color="green">{t('plugins-manage.standing.builtin')}</Tag> : null}
            <StandingTag entry={entry} />
            {behind ? (
              <span className="plugins-manage__installed-version">
                {t('plugins-manage.detail.installedVersion', { version: behind })}
              </span>
            ) : null}
          </div>
        </div>
      </header>

      {standing.kind === 'withdrawn' ? (
        <Alert
          type="warning"
          showIcon
          className="plugins-manage__notice"
          title={t('plugins-manage.detail.withdrawnNotice', { version: standing.was })}
          description={standing.latest ? undefined : t('plugins-manage.detail.withdrawnNoneLeft')}
        />
      ) : null}

      <PluginActionsBar entry={entry} actions={actions} locale={locale} />
      {entry.builtin ? (
        <Typography.Paragraph type="secondary" className="plugins-manage__builtin-note">
          {t('plugins-manage.detail.builtinNotice')}
        </Typography.Paragraph>
      ) : null}

      <Typography.Paragraph className="plugins-manage__description">{entry.description[locale]}</Typography.Paragraph>

      <section className="plugins-manage__section" aria-labelledby="plugin-permissions">
        <h3 id="plugin-permissions">{t('plugins-manage.detail.permissions')}</h3>
        {entry.permissions.length ? (
          <PermissionList permissions={entry.permissions} locale={locale} />
        ) : (
          <p className="plugins-manage__none">{t('plugins-manage.confirm.noPermissions')}</p>
        )}
      </section>

      {parameters.length ? (
        <section className="plugins-manage__section" aria-labelledby="plugin-parameters">
          <h3 id="plugin-parameters">{t('plugins-manage.detail.parameters')}</h3>
          <div className="plugins-manage__parameters">
            {parameters.map((p) => (
              <Tag key={p.key} bordered={false}>
                {p.label[locale]}
              </Tag>
            ))}
          </div>
        </section>
      ) : null}

      <section className="plugins-manage__section" aria-labelledby="plugin-versions">
        <h3 id="plugin-versions">{t('plugins-manage.detail.versions')}</h3>
        {detail ? (
          <ul className="plugins-manage__versions">
            {newestFirst(detail.versions).map((v) => (
              <li key={v.version} data-version={v.version}>
                <span className="plugins-manage__version-number">{v.version}</span>
                {v.status === 'published' ? null : (
                  <Tag color={v.status === 'draft' ? 'default' : 'error'}>{t(`plugins-manage.status.${v.status}`)}</Tag>
                )}
                {v.version === installed ? <Tag color="success">{t('plugins-manage.standing.installed')}</Tag> : null}
                <span className="plugins-manage__version-time">
                  {v.publishedAt
                    ? t('plugins-manage.detail.publishedAt', { time: formatDateTime(v.publishedAt, locale) })
                    : t('plugins-manage.detail.uploadedAt', { time: formatDateTime(v.createdAt, locale) })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        )}
      </section>

      <p className="plugins-manage__id">
        {t('plugins-manage.detail.id')}: <code>{entry.id}</code>
      </p>
    </div>
  );
}
