import { SettingOutlined } from '@ant-design/icons';
import type { Locale } from '@kerf/contract';
import { Alert, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../../api/request';
import { usePublishedPlugins } from '../hooks/use-plugin-data';
import { PluginIcon } from './PluginIcon';

/** `/plugin` without a plugin named: the published plugins, each a card that opens it here. */
export function PluginPicker({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const plugins = usePublishedPlugins();
  return (
    <div className="plugin-page__picker">
      <div className="plugin-page__picker-head">
        <div>
          <Typography.Title level={3} className="plugin-page__title">
            {t('plugin-run.picker.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="plugin-page__intro">
            {t('plugin-run.picker.intro')}
          </Typography.Paragraph>
        </div>
        <Link to="/pluginsManage">
          <Button icon={<SettingOutlined />}>{t('plugin-run.picker.manage')}</Button>
        </Link>
      </div>
      {plugins.isPending ? <Skeleton active /> : null}
      {plugins.isError ? (
        <Alert type="error" showIcon title={t('plugin-run.picker.loadFailed', { reason: messageOf(plugins.error) })} />
      ) : null}
      {plugins.data?.length === 0 ? <Empty description={t('plugin-run.picker.empty')} /> : null}
      <div className="plugin-page__cards">
        {plugins.data?.map((p) => (
          <Link
            key={p.id}
            to={`/plugin?id=${encodeURIComponent(p.id)}`}
            className="plugin-page__card-link"
            data-plugin={p.id}
          >
            <Card hoverable className="plugin-page__card" size="small">
              <div className="plugin-page__card-head">
                <PluginIcon id={p.id} version={p.version} hasIcon={p.hasIcon} />
                <div className="plugin-page__card-name">
                  <span className="plugin-page__card-title">{p.name[locale]}</span>
                  <span className="plugin-page__card-meta">
                    {p.author} · {p.version}
                    {p.builtin ? <Tag className="plugin-page__builtin">{t('plugin-run.picker.builtin')}</Tag> : null}
                  </span>
                </div>
              </div>
              <div className="plugin-page__card-text">{p.description[locale]}</div>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
