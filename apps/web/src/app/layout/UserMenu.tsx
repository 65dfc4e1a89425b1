import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { accountMessages } from '@kerf/contract';
import { App, Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionStore, useSession } from '../../stores/session-store';
import { settingsStore } from '../../stores/settings-store';
import { LOGIN_PATH } from '../guards/session-guards';
import './user-menu.css';

/** The signed-in person's avatar, or the first letter of the nick name on the theme colour. */
export function UserAvatar({ size = 28 }: { size?: number }) {
  const user = useSession((s) => s.user);
  return (
    <Avatar
      size={size}
      src={user?.avatar || undefined}
      className="user-avatar"
      icon={user ? undefined : <UserOutlined />}
    >
      {user?.nickName.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** Avatar and nick name with a menu: the account page, and signing out (SPEC §4: clears token, roles, permissions). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const nickName = useSession((s) => s.user?.nickName ?? '');

  async function signOut() {
    await sessionStore.logout();
    void message.success(accountMessages.logoutSuccess[settingsStore.getState().locale]);
    void navigate(LOGIN_PATH);
  }

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'account', icon: <UserOutlined />, label: t('nav.account') },
          { type: 'divider' },
          { key: 'signOut', icon: <LogoutOutlined />, label: t('nav.signOut'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'account') void navigate('/account');
          else void signOut();
        },
      }}
    >
      <Button type="text" className="user-menu" aria-label={t('nav.userMenu', { name: nickName })}>
        <UserAvatar size={26} />
        {compact ? null : <span className="user-menu__name">{nickName}</span>}
        <DownOutlined className="switch-caret" />
      </Button>
    </Dropdown>
  );
}
