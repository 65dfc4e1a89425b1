import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { parseAccount } from '@kerf/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { bindAccount } from '../../api/profile-api';
import { useAccountFormRules, VALIDATE_TRIGGERS } from '../auth/account-form-rules';
import { CodeField } from '../auth/components/CodeField';
import { FormError } from '../auth/components/FormError';
import { useFormSubmit } from '../auth/use-form-submit';

interface BindAccountModalProps {
  kind: 'mobile' | 'email' | null;
  /** Whether one of this kind is bound already (the dialog then says "change"). */
  replacing: boolean;
  onClose(): void;
  onBound(): void;
}

/** Binds (or replaces) the mobile number or e-mail address, proven with a code of scene `bind`. */
export function BindAccountModal({ kind, replacing, onClose, onBound }: BindAccountModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useAccountFormRules();
  const [form] = Form.useForm<{ account: string; code: string }>();
  const { error, submitting, submit, clearError } = useFormSubmit(
    async ({ account, code }: { account: string; code: string }) => {
      void message.success(await bindAccount(account.trim(), code.trim()));
      onBound();
    },
  );
  const kindName = kind ? t(`account.bindings.${kind}`) : '';
  const title = replacing
    ? t('account.bindings.changeTitle', { kind: kindName })
    : t('account.bindings.bindTitle', { kind: kindName });

  return (
    <Modal
      open={kind !== null}
      title={title}
      okText={t('account.bindings.submit')}
      cancelText={t('account.bindings.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={clearError}
    >
      <Form
        name="bind-account"
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger={VALIDATE_TRIGGERS}
        onFinish={submit}
        onValuesChange={clearError}
        preserve={false}
      >
        <Form.Item
          name="account"
          label={kind === 'mobile' ? t('account.bindings.newMobile') : t('account.bindings.newEmail')}
          rules={[
            rules.account[0]!,
            {
              validateTrigger: 'onBlur',
              validator: async (_, value?: string) => {
                if (!value?.trim() || parseAccount(value)?.kind === kind) return;
                throw new Error(
                  kind === 'mobile' ? t('account.bindings.mobileFormat') : t('account.bindings.emailFormat'),
                );
              },
            },
          ]}
        >
          <Input
            prefix={
              kind === 'mobile' ? (
                <MobileOutlined className="auth-field-icon" />
              ) : (
                <MailOutlined className="auth-field-icon" />
              )
            }
            inputMode={kind === 'mobile' ? 'tel' : 'email'}
            autoComplete={kind === 'mobile' ? 'tel' : 'email'}
          />
        </Form.Item>
        <CodeField scene="bind" />
        <FormError text={error} />
      </Form>
    </Modal>
  );
}
