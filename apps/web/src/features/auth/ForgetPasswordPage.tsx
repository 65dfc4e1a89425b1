import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetPassword } from '../../api/account-api';
import { VALIDATE_TRIGGERS } from './account-form-rules';
import { AccountField } from './components/AccountField';
import { AuthLayout } from './components/AuthLayout';
import { CodeField } from './components/CodeField';
import { useHandedOverAccount, useHandOverToSignIn } from './components/LoginPanel';
import { NewPasswordFields } from './components/PasswordFields';
import { SubmitRow } from './components/SubmitRow';
import { useFormSubmit } from './use-form-submit';

interface ForgetValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** /forget: a code to the account (scene `reset`), then a new password; every session of the account ends. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const handedOver = useHandedOverAccount();
  const handOverToSignIn = useHandOverToSignIn();
  const [form] = Form.useForm<ForgetValues>();
  const { error, submitting, submit, clearError } = useFormSubmit(async (values: ForgetValues) => {
    const account = values.account.trim();
    handOverToSignIn(account, await resetPassword({ account, code: values.code.trim(), password: values.password }));
  });

  return (
    <AuthLayout title={t('auth.forget.title')} subtitle={t('auth.forget.subtitle')}>
      <Form
        name="forget"
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        validateTrigger={VALIDATE_TRIGGERS}
        initialValues={{ account: handedOver }}
        onFinish={submit}
        onValuesChange={clearError}
        aria-label={t('auth.forget.title')}
      >
        <AccountField />
        <CodeField scene="reset" size="large" />
        <NewPasswordFields labelKey="auth.field.newPassword" />
        <SubmitRow error={error} submitting={submitting}>
          {t('auth.forget.submit')}
        </SubmitRow>
      </Form>
      <div className="auth-links auth-links--center">
        <Link to="/login">{t('auth.forget.back')}</Link>
      </div>
    </AuthLayout>
  );
}
