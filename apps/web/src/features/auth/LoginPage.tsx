import { useTranslation } from 'react-i18next';
import { AuthLayout } from './components/AuthLayout';
import { LoginPanel } from './components/LoginPanel';

/** /login: password or verification-code sign-in, and the chat-app QR sign-in when it is configured. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginPanel />
    </AuthLayout>
  );
}
