import { UserOutlined } from '@ant-design/icons';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountFormRules } from '../account-form-rules';
import './form-parts.css';

interface AccountFieldProps {
  /** Checks after the format ones (registration: not taken yet); given any, they run only on a well-formed account. */
  extraRules?: FormRule[];
  /** Whether phones show the e-mail keyboard; the chat-app bind forms have never asked for it. */
  emailKeyboard?: boolean;
}

/** The `account` field of the sign-in forms: a mobile number or an e-mail address (SPEC §5). */
export function AccountField({ extraRules, emailKeyboard = true }: AccountFieldProps) {
  const { t } = useTranslation();
  const rules = useAccountFormRules();
  return (
    <Form.Item
      name="account"
      label={t('auth.field.account')}
      rules={extraRules ? [...rules.account, ...extraRules] : rules.account}
      validateFirst={extraRules !== undefined}
    >
      <Input
        prefix={<UserOutlined className="auth-field-icon" />}
        placeholder={t('auth.field.account')}
        autoComplete="username"
        inputMode={emailKeyboard ? 'email' : undefined}
      />
    </Form.Item>
  );
}
