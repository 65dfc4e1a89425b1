import { DesktopOutlined, HomeOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { KerfLogo } from '../../../app/brand/KerfLogo';
import { LinkButton } from '../../../app/components/LinkButton';
import '../../../app/status-page.css';

/** Any address the app does not know: say so, show the address, and offer a way back. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <main className="status-page">
      <KerfLogo size={30} className="status-page__logo" />
      <Result
        status="404"
        title={<span className="status-page__code">{t('notFound.title')}</span>}
        subTitle={
          <>
            <Typography.Paragraph className="status-page__text">{t('notFound.subtitle')}</Typography.Paragraph>
            <Typography.Text type="secondary" className="status-page__path">
              {t('notFound.path', { path: `${import.meta.env.BASE_URL.replace(/\/$/, '')}${pathname}` })}
            </Typography.Text>
          </>
        }
        extra={[
          <LinkButton key="home" type="primary" icon={<HomeOutlined />} to="/">
            {t('notFound.backHome')}
          </LinkButton>,
          <LinkButton key="workbench" icon={<DesktopOutlined />} to="/workbench">
            {t('notFound.workbench')}
          </LinkButton>,
        ]}
      />
    </main>
  );
}
