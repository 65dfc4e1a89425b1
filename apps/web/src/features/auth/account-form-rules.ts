import { isValidPassword, NICK_NAME_MAX, parseAccount, VERIFICATION_CODE_LENGTH } from '@kerf/contract';
import type { FormInstance, FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountText } from './account-text';

/**
 * Forms check "required" as people type and the format when they leave a field (and on submit), so
 * a half-typed e-mail address is not called wrong while it is being typed.
 */
export const VALIDATE_TRIGGERS = ['onChange', 'onBlur'];

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** Antd rules for the account fields, with SPEC §5 rules and messages from @kerf/contract. */
export function useAccountFormRules() {
  const { t } = useTranslation();
  const { text } = useAccountText();
  return useMemo(() => {
    const account: FormRule[] = [
      { required: true, whitespace: true, message: t('auth.field.accountRequired') },
      {
        validateTrigger: 'onBlur',
        validator: async (_, value?: string) => {
          if (value?.trim() && !parseAccount(value)) throw new Error(text('accountFormat'));
        },
      },
    ];
    const password: FormRule[] = [
      { required: true, message: t('auth.field.passwordRequired') },
      {
        validateTrigger: 'onBlur',
        validator: async (_, value?: string) => {
          if (value && !isValidPassword(value)) throw new Error(text('passwordFormat'));
        },
      },
    ];
    const code: FormRule[] = [
      { required: true, whitespace: true, message: t('auth.field.codeRequired') },
      {
        validateTrigger: 'onBlur',
        pattern: CODE_PATTERN,
        message: t('auth.field.codeFormat', { length: VERIFICATION_CODE_LENGTH }),
      },
    ];
    /** The repeat of a password field, checked against it. */
    const confirmOf = (field: string): FormRule[] => [
      { required: true, message: t('auth.field.confirmRequired') },
      ({ getFieldValue }) => ({
        validator: async (_, value?: string) => {
          if (value && value !== getFieldValue(field)) throw new Error(t('auth.field.passwordMismatch'));
        },
      }),
    ];
    const nickName: FormRule[] = [
      { max: NICK_NAME_MAX, message: t('auth.field.nickNameTooLong', { max: NICK_NAME_MAX }) },
    ];
    return { account, password, code, confirmOf, nickName };
  }, [t, text]);
}

/** Validates a form's account field and returns it trimmed, or undefined (the field shows why). */
export async function validatedAccount(form: FormInstance, field = 'account'): Promise<string | undefined> {
  try {
    const values = await form.validateFields([field]);
    return String(values[field] ?? '').trim() || undefined;
  } catch {
    return undefined;
  }
}
