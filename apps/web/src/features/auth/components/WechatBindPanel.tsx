import { Form, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindWechat, type WechatBindRequest } from '../../../api/wechat-api';
import { VALIDATE_TRIGGERS } from '../account-form-rules';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useFormSubmit } from '../use-form-submit';
import { AccountField } from './AccountField';
import { CodeField } from './CodeField';
import { CurrentPasswordField, NewPasswordFields } from './PasswordFields';
import { SubmitRow } from './SubmitRow';

type Mode = 'existing' | 'new';
type Proof = 'password' | 'code';

interface BindValues {
  account: string;
  password?: string;
  code?: string;
  confirm?: string;
}

function toRequest(mode: Mode, proof: Proof, values: BindValues): WechatBindRequest {
  const account = values.account.trim();
  if (mode === 'new') return { mode, account, code: values.code?.trim() ?? '', password: values.password ?? '' };
  return proof === 'password'
    ? { mode, account, password: values.password ?? '' }
    : { mode, account, code: values.code?.trim() ?? '' };
}

/** One of the two binding forms; codes are of scene `bind` in both. */
function BindForm({ ticket, mode }: { ticket: string; mode: Mode }) {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<BindValues>();
  const [proof, setProof] = useState<Proof>('password');
  const needsCode = mode === 'new' || proof === 'code';
  const { error, submitting, submit, clearError } = useFormSubmit(async (values: BindValues) => {
    completeSignIn(await bindWechat(ticket, toRequest(mode, proof, values)));
  });

  return (
    <Form
      name={`wechat-${mode}`}
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      validateTrigger={VALIDATE_TRIGGERS}
      onFinish={submit}
      onValuesChange={clearError}
    >
      {mode === 'existing' ? (
        <Segmented<Proof>
          block
          className="auth-proof-switch"
          value={proof}
          onChange={setProof}
          options={[
            { value: 'password', label: t('auth.wechat.byPassword') },
            { value: 'code', label: t('auth.wechat.byCode') },
          ]}
        />
      ) : null}
      <AccountField emailKeyboard={false} />
      {needsCode ? <CodeField scene="bind" size="large" /> : null}
      {mode === 'new' ? (
        <NewPasswordFields labelKey="auth.field.password" />
      ) : proof === 'password' ? (
        <CurrentPasswordField />
      ) : null}
      <SubmitRow error={error} submitting={submitting}>
        {mode === 'new' ? t('auth.wechat.registerSubmit') : t('auth.wechat.bindSubmit')}
      </SubmitRow>
    </Form>
  );
}

/** A chat-app account seen for the first time: link it to an existing Kerf account or create one. */
export function WechatBindPanel({ ticket }: { ticket: string }) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="auth-tabs"
      centered
      items={[
        {
          key: 'existing',
          label: t('auth.wechat.existingTab'),
          children: <BindForm ticket={ticket} mode="existing" />,
        },
        { key: 'new', label: t('auth.wechat.newTab'), children: <BindForm ticket={ticket} mode="new" /> },
      ]}
    />
  );
}
