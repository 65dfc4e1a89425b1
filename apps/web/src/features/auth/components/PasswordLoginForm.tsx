import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestToken } from '../../../api/account-api';
import { RequestError } from '../../../api/request';
import { VALIDATE_TRIGGERS } from '../account-form-rules';
import { useAccountText } from '../account-text';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useFormSubmit } from '../use-form-submit';
import { useImageCaptcha } from '../use-image-captcha';
import { AccountField } from './AccountField';
import { CaptchaInput } from './CaptchaInput';
import { CurrentPasswordField } from './PasswordFields';
import { SubmitRow } from './SubmitRow';

interface PasswordLoginValues {
  account: string;
  password: string;
  captcha?: string;
}

function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  const data = error.data as { captchaRequired?: unknown } | null | undefined;
  return data?.captchaRequired === true;
}

/**
 * Account and password. When the server answers `captchaRequired` the image captcha joins the form;
 * its answer travels in `code` and its id in `uuid`, and a new picture is drawn after each failed try.
 */
export function PasswordLoginForm({ initialAccount, size }: { initialAccount?: string; size?: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const { text } = useAccountText();
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<PasswordLoginValues>();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  const { captcha, refresh: refreshCaptcha } = useImageCaptcha(() => form.setFieldValue('captcha', ''));

  const { error, submitting, submit, clearError } = useFormSubmit(
    async (values: PasswordLoginValues) => {
      const issued = await requestToken({
        grant: 'password',
        account: values.account.trim(),
        password: values.password,
        captcha: captchaNeeded && captcha ? { uuid: captcha.uuid, answer: values.captcha?.trim() ?? '' } : undefined,
      });
      completeSignIn(issued);
    },
    async (failure) => {
      if (captchaNeeded || asksForCaptcha(failure)) {
        setCaptchaNeeded(true);
        await refreshCaptcha();
      }
    },
  );

  return (
    <Form
      name="password-login"
      form={form}
      layout="vertical"
      size={size}
      requiredMark={false}
      validateTrigger={VALIDATE_TRIGGERS}
      initialValues={{ account: initialAccount }}
      onFinish={submit}
      onValuesChange={clearError}
      aria-label={t('auth.login.passwordTab')}
    >
      <AccountField />
      <CurrentPasswordField />
      {captchaNeeded ? (
        <Form.Item
          name="captcha"
          label={t('auth.field.captcha')}
          rules={[{ required: true, whitespace: true, message: text('captchaRequired') }]}
        >
          <CaptchaInput image={captcha?.image} onRefresh={() => void refreshCaptcha()} size={size} />
        </Form.Item>
      ) : null}
      <SubmitRow error={error} submitting={submitting}>
        {t('auth.login.submit')}
      </SubmitRow>
    </Form>
  );
}
