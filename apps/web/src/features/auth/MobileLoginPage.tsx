import { useTranslation } from 'react-i18next';
import { AuthLayout } from './components/AuthLayout';
import { LoginPanel } from './components/LoginPanel';

/** /mobile/login: the same sign-in on a phone-sized, full-screen layout (SPEC §2). */
export function MobileLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout variant="phone" title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginPanel size="large" />
    </AuthLayout>
  );
}
