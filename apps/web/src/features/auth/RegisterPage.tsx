import { SmileOutlined } from '@ant-design/icons';
import { NICK_NAME_MAX, parseAccount } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, type FormRule, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAccountFree, registerAccount } from '../../api/account-api';
import { configValue, REGISTER_USER_KEY } from '../../api/config-api';
import { useAccountFormRules, VALIDATE_TRIGGERS } from './account-form-rules';
import { alreadyRegisteredText, useAccountText } from './account-text';
import { AccountField } from './components/AccountField';
import { AuthLayout } from './components/AuthLayout';
import { CodeField } from './components/CodeField';
import { useHandOverToSignIn } from './components/LoginPanel';
import { NewPasswordFields } from './components/PasswordFields';
import { SubmitRow } from './components/SubmitRow';
import { useFormSubmit } from './use-form-submit';

interface RegisterValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
  nickName?: string;
}

/** Checked when the account field is left: `<account>已被注册` before any code is sent. */
function useUniqueAccountRule(): FormRule {
  const { locale } = useAccountText();
  return useMemo(
    () => ({
      validateTrigger: 'onBlur',
      validator: async (_, value?: string) => {
        const account = parseAccount(value);
        if (!account) return;
        let free = true;
        try {
          free = await isAccountFree(account.value);
        } catch {
          // unknown now; registration itself answers 409 if it is taken
        }
        if (!free) throw new Error(alreadyRegisteredText(account.value, locale));
      },
    }),
    [locale],
  );
}

/** /register: account (mobile or e-mail), code, password twice, optional nick name. */
export function RegisterPage() {
  const { t } = useTranslation();
  const handOverToSignIn = useHandOverToSignIn();
  const { text } = useAccountText();
  const rules = useAccountFormRules();
  const uniqueRule = useUniqueAccountRule();
  const [form] = Form.useForm<RegisterValues>();
  const { error, submitting, submit, clearError } = useFormSubmit(async (values: RegisterValues) => {
    const account = values.account.trim();
    const notice = await registerAccount({
      account,
      password: values.password,
      code: values.code.trim(),
      nickName: values.nickName?.trim() || undefined,
    });
    handOverToSignIn(account, notice);
  });
  // sys.account.registerUser false: registration is closed (the server refuses it too), read afresh on each visit
  const registration = useQuery({
    queryKey: ['config', REGISTER_USER_KEY],
    queryFn: () => configValue(REGISTER_USER_KEY),
    staleTime: 0,
  });

  if (registration.data === 'false') {
    return (
      <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
        <Alert type="warning" showIcon message={text('registerClosed')} className="auth-register-closed" />
        <div className="auth-links auth-links--center">
          <span>
            {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.signIn')}</Link>
          </span>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Form
        name="register"
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        validateTrigger={VALIDATE_TRIGGERS}
        onFinish={submit}
        onValuesChange={clearError}
        aria-label={t('auth.register.title')}
      >
        <AccountField extraRules={[uniqueRule]} />
        <CodeField scene="register" size="large" />
        <NewPasswordFields labelKey="auth.field.password" />
        <Form.Item name="nickName" label={t('auth.field.nickName')} rules={rules.nickName}>
          <Input
            prefix={<SmileOutlined className="auth-field-icon" />}
            placeholder={t('auth.field.nickName')}
            maxLength={NICK_NAME_MAX}
            autoComplete="nickname"
          />
        </Form.Item>
        <SubmitRow error={error} submitting={submitting}>
          {t('auth.register.submit')}
        </SubmitRow>
      </Form>
      <div className="auth-links auth-links--center">
        <span>
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.signIn')}</Link>
        </span>
      </div>
    </AuthLayout>
  );
}
