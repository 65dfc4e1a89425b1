import { LockOutlined } from '@ant-design/icons';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountFormRules } from '../account-form-rules';
import './form-parts.css';

/** The `password` of an existing account, to sign in or to prove it is yours. */
export function CurrentPasswordField() {
  const { t } = useTranslation();
  const rules = useAccountFormRules();
  return (
    <Form.Item name="password" label={t('auth.field.password')} rules={rules.password}>
      <Input.Password
        prefix={<LockOutlined className="auth-field-icon" />}
        placeholder={t('auth.field.password')}
        autoComplete="current-password"
      />
    </Form.Item>
  );
}

interface NewPasswordFieldsProps {
  /** The new password's field; its repeat is always `confirm`. */
  name?: string;
  labelKey: 'auth.field.password' | 'auth.field.newPassword';
  /** Checks after the format ones, and the fields they read. */
  extraRules?: FormRule[];
  dependencies?: string[];
  /** The account page's forms show labels only. */
  placeholders?: boolean;
}

/** A new password (SPEC §5 format, with the hint) and its repeat `confirm`, which must match it. */
export function NewPasswordFields({
  name = 'password',
  labelKey,
  extraRules,
  dependencies,
  placeholders = true,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rules = useAccountFormRules();
  return (
    <>
      <Form.Item
        name={name}
        label={t(labelKey)}
        dependencies={dependencies}
        rules={extraRules ? [...rules.password, ...extraRules] : rules.password}
        extra={t('auth.field.passwordHint')}
      >
        <Input.Password
          prefix={<LockOutlined className="auth-field-icon" />}
          placeholder={placeholders ? t(labelKey) : undefined}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.field.confirmPassword')}
        dependencies={[name]}
        rules={rules.confirmOf(name)}
      >
        <Input.Password
          prefix={<LockOutlined className="auth-field-icon" />}
          placeholder={placeholders ? t('auth.field.confirmPassword') : undefined}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
