import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useSession } from '../../stores/session-store';
import { SIGNED_IN_HOME } from '../guards/session-guards';
import { handleOf } from '../route-handle';

/**
 * Home, then each titled route down to the current page (the last one is not a link). 首页 leads where
 * the sidebar's 首页 does (the menu's home entry, the drive), not to the public front page.
 */
export function NavBreadcrumb() {
  const { t } = useTranslation();
  const homePath = useSession((s) =>
    s.user ? (s.menus.find((menu) => menu.key === 'home')?.path ?? SIGNED_IN_HOME) : '/',
  );
  const titled = useMatches().flatMap((match) => {
    const handle = handleOf(match);
    return handle ? [{ path: match.pathname, titleKey: handle.titleKey }] : [];
  });
  const items = [
    { title: <Link to={homePath}>{t('route.home')}</Link> },
    ...titled.map((page, i) => ({
      title: i === titled.length - 1 ? t(page.titleKey) : <Link to={page.path}>{t(page.titleKey)}</Link>,
    })),
  ];
  return <Breadcrumb className="admin-breadcrumb" aria-label={t('nav.breadcrumb')} items={items} />;
}
