import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../../features/system/not-found/NotFoundPage';

/**
 * When a page cannot load (most often a stale chunk after a deploy, or a dropped connection), say so
 * and offer a reload instead of a blank screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="status-page">
      <Result
        status="error"
        title={t('error.title')}
        subTitle={t('error.subtitle')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>,
          <Button key="home" href={import.meta.env.BASE_URL}>
            {t('error.backHome')}
          </Button>,
        ]}
      />
    </main>
  );
}
