import { App, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../../app/guards/session-guards';
import { CodeLoginForm } from './CodeLoginForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { WechatLoginButton } from './WechatLoginButton';

/** Registration and password recovery hand the account over in the navigation state. */
export function useHandedOverAccount(): string | undefined {
  const state = useLocation().state as { account?: unknown } | null;
  return typeof state?.account === 'string' ? state.account : undefined;
}

/** The other end: after registration or a reset, the server's notice, then this device's sign-in page with the account. */
export function useHandOverToSignIn(): (account: string, notice: string) => void {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (account, notice) => {
    void message.success(notice);
    void navigate(loginPathFor(navigator.userAgent), { state: { account } });
  };
}

/** The sign-in content shared by /login and /mobile/login: two tabs, the chat-app button, the links. */
export function LoginPanel({ size = 'large' }: { size?: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const account = useHandedOverAccount();
  return (
    <div className="auth-login">
      <Tabs
        className="auth-tabs"
        centered
        items={[
          {
            key: 'password',
            label: t('auth.login.passwordTab'),
            children: <PasswordLoginForm initialAccount={account} size={size} />,
          },
          {
            key: 'code',
            label: t('auth.login.codeTab'),
            children: <CodeLoginForm initialAccount={account} size={size} />,
          },
        ]}
      />
      <div className="auth-links">
        <span>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </span>
        <Link to="/forget">{t('auth.login.forgot')}</Link>
      </div>
      <WechatLoginButton />
    </div>
  );
}
