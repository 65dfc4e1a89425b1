import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestToken } from '../../../api/account-api';
import { VALIDATE_TRIGGERS } from '../account-form-rules';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useFormSubmit } from '../use-form-submit';
import { AccountField } from './AccountField';
import { CodeField } from './CodeField';
import { SubmitRow } from './SubmitRow';

interface CodeLoginValues {
  account: string;
  code: string;
}

/** Account and a 6-digit code sent to it (scene `login`). */
export function CodeLoginForm({ initialAccount, size }: { initialAccount?: string; size?: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<CodeLoginValues>();
  const { error, submitting, submit, clearError } = useFormSubmit(async (values: CodeLoginValues) => {
    completeSignIn(await requestToken({ grant: 'code', account: values.account.trim(), code: values.code.trim() }));
  });

  return (
    <Form
      name="code-login"
      form={form}
      layout="vertical"
      size={size}
      requiredMark={false}
      validateTrigger={VALIDATE_TRIGGERS}
      initialValues={{ account: initialAccount }}
      onFinish={submit}
      onValuesChange={clearError}
      aria-label={t('auth.login.codeTab')}
    >
      <AccountField />
      <CodeField scene="login" size={size} />
      <SubmitRow error={error} submitting={submitting}>
        {t('auth.login.submit')}
      </SubmitRow>
    </Form>
  );
}
