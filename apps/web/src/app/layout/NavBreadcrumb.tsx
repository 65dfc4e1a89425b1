import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { handleOf } from '../route-handle';

/** Home, then each titled route down to the current page (the last one is not a link). */
export function NavBreadcrumb() {
  const { t } = useTranslation();
  const titled = useMatches().flatMap((match) => {
    const handle = handleOf(match);
    return handle ? [{ path: match.pathname, titleKey: handle.titleKey }] : [];
  });
  const items = [
    { title: <Link to="/">{t('route.home')}</Link> },
    ...titled.map((page, i) => ({
      title: i === titled.length - 1 ? t(page.titleKey) : <Link to={page.path}>{t(page.titleKey)}</Link>,
    })),
  ];
  return <Breadcrumb className="admin-breadcrumb" aria-label={t('nav.breadcrumb')} items={items} />;
}
