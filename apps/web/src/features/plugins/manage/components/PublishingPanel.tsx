import { CloudUploadOutlined, StopOutlined } from '@ant-design/icons';
import type { Locale, PluginVersionStatus, PluginVersionView } from '@kerf/contract';
import { Alert, App, Button, Empty, Skeleton, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isShownByClient, messageOf } from '../../../../api/request';
import { formatDateTime } from '../../../account/account-format';
import { formatSize } from '../../../drive/model/format';
import { PluginIcon } from '../../run/components/PluginIcon';
import { useManagedPlugins, useSetVersionStatus } from '../hooks/use-manage-data';
import { type PublishingRow, publishesBelowLive, publishingRows, versionActions } from '../model/publishing';
import { PackageUpload } from './PackageUpload';

const STATUS_COLOURS: Record<PluginVersionStatus, string> = {
  draft: 'default',
  published: 'success',
  withdrawn: 'error',
};

export function VersionStatusTag({ status }: { status: PluginVersionStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`plugins-manage.status.${status}`)}</Tag>;
}

/**
 * The administrators' tab (plugin:package:manage): upload a package, then every plugin with each of
 * its versions and their state, to publish or withdraw — each after a question.
 */
export function PublishingPanel({ locale, onOpen }: { locale: Locale; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const managed = useManagedPlugins(true);
  const rows = managed.data ? publishingRows(managed.data) : [];
  return (
    <div className="plugins-manage__publishing">
      <PackageUpload />
      <h3 className="plugins-manage__publishing-title">{t('plugins-manage.publishing.listTitle')}</h3>
      {managed.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('plugins-manage.publishing.loadFailed', { reason: messageOf(managed.error) })}
        />
      ) : managed.isPending ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty className="plugins-manage__empty" description={t('plugins-manage.publishing.listEmpty')} />
      ) : (
        rows.map((row) => <PublishingBlock key={row.plugin.id} row={row} locale={locale} onOpen={onOpen} />)
      )}
    </div>
  );
}

function PublishingBlock({ row, locale, onOpen }: { row: PublishingRow; locale: Locale; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const setStatus = useSetVersionStatus();
  const { plugin } = row;
  const name = plugin.name[locale];

  const change = (v: PluginVersionView, status: 'published' | 'withdrawn') => {
    const publishing = status === 'published';
    const below = publishing && publishesBelowLive(row, v.version);
    modal.confirm({
      title: t(publishing ? 'plugins-manage.publishing.publishTitle' : 'plugins-manage.publishing.withdrawTitle', {
        name,
        version: v.version,
      }),
      content: (
        <>
          <p>{t(publishing ? 'plugins-manage.publishing.publishText' : 'plugins-manage.publishing.withdrawText')}</p>
          {below ? (
            <Alert
              type="warning"
              showIcon
              title={t('plugins-manage.publishing.publishBelowLive', {
                live: row.live?.version ?? '',
                version: v.version,
              })}
            />
          ) : null}
        </>
      ),
      okText: t(publishing ? 'plugins-manage.publishing.publish' : 'plugins-manage.publishing.withdraw'),
      okButtonProps: publishing ? undefined : { danger: true },
      cancelText: t('plugins-manage.confirm.cancel'),
      onOk: () =>
        setStatus.mutateAsync({ id: plugin.id, version: v.version, status }).then(
          ({ msg }) => (msg ? void message.success(msg) : undefined),
          (error) => {
            if (!isShownByClient(error)) void message.error(messageOf(error));
          },
        ),
    });
  };

  const columns: TableColumnsType<PluginVersionView> = [
    {
      key: 'version',
      title: t('plugins-manage.publishing.version'),
      width: 100,
      render: (_, v) => <span className="plugins-manage__version-number">{v.version}</span>,
    },
    {
      key: 'status',
      title: t('plugins-manage.publishing.statusColumn'),
      width: 100,
      render: (_, v) => <VersionStatusTag status={v.status} />,
    },
    { key: 'size', title: t('plugins-manage.publishing.size'), width: 90, render: (_, v) => formatSize(v.size) },
    {
      key: 'uploaded',
      title: t('plugins-manage.publishing.uploadedColumn'),
      width: 170,
      render: (_, v) => formatDateTime(v.createdAt, locale),
    },
    {
      key: 'published',
      title: t('plugins-manage.publishing.publishedColumn'),
      width: 170,
      render: (_, v) => (v.publishedAt ? formatDateTime(v.publishedAt, locale) : '—'),
    },
    {
      key: 'actions',
      title: t('plugins-manage.publishing.actionsColumn'),
      width: 110,
      fixed: 'right',
      render: (_, v) =>
        versionActions(v.status, plugin.builtin).map((action) =>
          action === 'publish' ? (
            <Button
              key={action}
              size="small"
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={() => change(v, 'published')}
            >
              {t('plugins-manage.publishing.publish')}
            </Button>
          ) : (
            <Button key={action} size="small" danger icon={<StopOutlined />} onClick={() => change(v, 'withdrawn')}>
              {t('plugins-manage.publishing.withdraw')}
            </Button>
          ),
        ),
    },
  ];

  return (
    <section className="plugins-manage__publishing-block" data-plugin={plugin.id} aria-label={name}>
      <header className="plugins-manage__publishing-head">
        <PluginIcon id={plugin.id} version={row.newest?.version ?? plugin.version} hasIcon={plugin.hasIcon} size={36} />
        <div className="plugins-manage__publishing-name">
          <button type="button" className="plugins-manage__link" onClick={() => onOpen(plugin.id)}>
            {name}
          </button>
          <code>{plugin.id}</code>
        </div>
        <div className="plugins-manage__publishing-facts">
          <span>{t('plugins-manage.publishing.versionCount', { count: row.versions.length })}</span>
          {row.drafts ? <Tag>{t('plugins-manage.publishing.drafts', { count: row.drafts })}</Tag> : null}
          {row.live ? (
            <Tag color="success">{t('plugins-manage.publishing.live', { version: row.live.version })}</Tag>
          ) : (
            <Tag>{t('plugins-manage.publishing.notLive')}</Tag>
          )}
        </div>
      </header>
      <Table<PluginVersionView>
        rowKey="version"
        size="small"
        pagination={false}
        scroll={{ x: 740 }}
        dataSource={row.versions}
        columns={columns}
      />
    </section>
  );
}
