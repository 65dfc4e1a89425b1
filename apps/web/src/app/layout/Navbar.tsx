import { LoginOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeBell } from '../../features/support/feedback/components/NoticeBell';
import { useSession } from '../../stores/session-store';
import { LinkButton } from '../components/LinkButton';
import { CurrencySwitch } from '../preferences/CurrencySwitch';
import { LanguageSwitch } from '../preferences/LanguageSwitch';
import { NavBreadcrumb } from './NavBreadcrumb';
import { UserMenu } from './UserMenu';

interface NavbarProps {
  /** Whether the sidebar is showing (expanded sider, or open drawer on narrow screens). */
  sidebarOpen: boolean;
  narrow: boolean;
  onToggleSidebar(): void;
  onOpenSettings(): void;
}

export function Navbar({ sidebarOpen, narrow, onToggleSidebar, onOpenSettings }: NavbarProps) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const toggleLabel = narrow ? t('nav.openMenu') : sidebarOpen ? t('nav.collapseSidebar') : t('nav.expandSidebar');
  return (
    <div className="admin-navbar">
      <Button
        type="text"
        className="admin-navbar__toggle"
        icon={sidebarOpen && !narrow ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={toggleLabel}
        aria-expanded={sidebarOpen}
        title={toggleLabel}
        onClick={onToggleSidebar}
      />
      <NavBreadcrumb />
      <div className="admin-navbar__actions">
        <LanguageSwitch compact={narrow} />
        <CurrencySwitch />
        <Tooltip title={t('nav.settings')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('nav.settings')} onClick={onOpenSettings} />
        </Tooltip>
        {signedIn ? <NoticeBell /> : null}
        {signedIn ? (
          <UserMenu compact={narrow} />
        ) : (
          <LinkButton type="primary" icon={<LoginOutlined />} aria-label={t('nav.signIn')} to="/login">
            <span className="admin-navbar__sign-in">{t('nav.signIn')}</span>
          </LinkButton>
        )}
      </div>
    </div>
  );
}
