import { HistoryOutlined, LinkOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { ADMIN_ROLE } from '@kerf/contract';
import { Button, Card, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Authorized } from '../../app/access/Authorized';
import { useCan } from '../../app/access/use-can';
import { UserAvatar } from '../../app/layout/UserMenu';
import { sessionStore, useSession } from '../../stores/session-store';
import './account.css';
import { BindingsTab } from './BindingsTab';
import { LoginHistoryTab } from './LoginHistoryTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { useAccountProfile } from './use-account-profile';

const TABS = ['profile', 'security', 'bindings', 'log'] as const;
type AccountTab = (typeof TABS)[number];
/** The operation log is the one tab behind a permission (the same one as its menu entry). */
const LOG_PERMISSION = 'account:log:list';

function tabOf(value: string | null, canSeeLog: boolean): AccountTab {
  const tab = TABS.includes(value as AccountTab) ? (value as AccountTab) : 'profile';
  return tab === 'log' && !canSeeLog ? 'profile' : tab;
}

/** Avatar, nick name and the account it signs in with, above the tabs. */
function AccountSummary() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Card variant="borderless" className="account-summary">
      <UserAvatar size={64} />
      <div className="account-summary__text">
        <Typography.Title level={4} className="account-summary__name">
          {user.nickName}
          {/* SPEC §6: the admin role may be named; other role names are not shown. */}
          <Authorized anyRole={[ADMIN_ROLE]}>
            <Tag color="gold">{t('account.admin')}</Tag>
          </Authorized>
        </Typography.Title>
        <Typography.Text type="secondary">{user.email ?? user.mobile ?? user.loginName}</Typography.Text>
      </div>
    </Card>
  );
}

/** /account: profile, security, bindings and the operation (sign-in) log; the tab is in `?tab=`. */
export function AccountPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canSeeLog = useCan().permission(LOG_PERMISSION);
  const tab = tabOf(params.get('tab'), canSeeLog);
  const profile = useAccountProfile();

  // The navbar and the summary show the session's user: keep it in step with every profile load.
  useEffect(() => {
    if (profile.data) sessionStore.updateUser(profile.data.user);
  }, [profile.data]);

  const needsProfile = (content: ReactNode) => {
    if (profile.isError) {
      return (
        <Result
          status="warning"
          title={t('account.loadFailed')}
          extra={<Button onClick={() => void profile.refetch()}>{t('account.retry')}</Button>}
        />
      );
    }
    return profile.data ? content : <Skeleton active paragraph={{ rows: 4 }} />;
  };

  return (
    <div className="account-page">
      <AccountSummary />
      <Card variant="borderless" className="account-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            {
              key: 'profile',
              icon: <UserOutlined />,
              label: t('account.tabs.profile'),
              children: needsProfile(profile.data ? <ProfileTab profile={profile.data} /> : null),
            },
            {
              key: 'security',
              icon: <SafetyCertificateOutlined />,
              label: t('account.tabs.security'),
              children: <SecurityTab />,
            },
            {
              key: 'bindings',
              icon: <LinkOutlined />,
              label: t('account.tabs.bindings'),
              children: needsProfile(profile.data ? <BindingsTab profile={profile.data} /> : null),
            },
            ...(canSeeLog
              ? [
                  {
                    key: 'log',
                    icon: <HistoryOutlined />,
                    label: t('account.tabs.log'),
                    children: <LoginHistoryTab active={tab === 'log'} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
