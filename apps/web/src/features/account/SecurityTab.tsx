import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changePassword } from '../../api/profile-api';
import { VALIDATE_TRIGGERS } from '../auth/account-form-rules';
import { FormError } from '../auth/components/FormError';
import { NewPasswordFields } from '../auth/components/PasswordFields';
import { useFormSubmit } from '../auth/use-form-submit';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change the password; the server ends the other sessions and keeps this one. */
export function SecurityTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const { error, submitting, submit, clearError } = useFormSubmit(async (values: PasswordValues) => {
    void message.success(await changePassword(values.oldPassword, values.newPassword));
    form.resetFields();
  });

  return (
    <section className="account-section">
      <Typography.Title level={5}>{t('account.security.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('account.security.intro')}</Typography.Paragraph>
      <Form
        name="change-password"
        form={form}
        layout="vertical"
        className="account-form"
        requiredMark={false}
        validateTrigger={VALIDATE_TRIGGERS}
        onFinish={submit}
        onValuesChange={clearError}
        aria-label={t('account.security.title')}
      >
        <Form.Item
          name="oldPassword"
          label={t('account.security.oldPassword')}
          rules={[{ required: true, message: t('account.security.oldPasswordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined className="auth-field-icon" />} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          labelKey="auth.field.newPassword"
          dependencies={['oldPassword']}
          extraRules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (value && value === getFieldValue('oldPassword'))
                  throw new Error(t('account.security.samePassword'));
              },
            }),
          ]}
          placeholders={false}
        />
        <FormError text={error} />
        <div className="account-form__actions">
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('account.security.submit')}
          </Button>
          <Link to="/forget">{t('account.security.forgot')}</Link>
        </div>
      </Form>
    </section>
  );
}
