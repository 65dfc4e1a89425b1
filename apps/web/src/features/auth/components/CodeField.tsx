import type { CodeScene } from '@kerf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountFormRules, validatedAccount } from '../account-form-rules';
import { VerificationCodeInput } from './VerificationCodeInput';

/** The `code` field: a code of `scene`, sent to the surrounding form's `account` once that is valid. */
export function CodeField({ scene, size }: { scene: CodeScene; size?: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const rules = useAccountFormRules();
  const form = Form.useFormInstance();
  return (
    <Form.Item name="code" label={t('auth.field.code')} rules={rules.code}>
      <VerificationCodeInput scene={scene} resolveAccount={() => validatedAccount(form)} size={size} />
    </Form.Item>
  );
}
