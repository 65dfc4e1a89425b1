import { accountMessages, SUPPORT_LIMITS } from '@kerf/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../../api/request';
import { useSettings } from '../../../../stores/settings-store';
import { CaptchaInput } from '../../../auth/components/CaptchaInput';
import { useImageCaptcha } from '../../../auth/use-image-captcha';
import { useSupportText } from '../../shared/hooks/use-conversation';
import { customerChat } from '../customer-chat-instance';

interface VisitorValues {
  name: string;
  contact: string;
  captcha: string;
}

/**
 * A visitor's first step: a name, a way to reach them and the picture captcha (the one the sign-in
 * pages use), then the conversation opens and its token is kept by this browser.
 */
export function VisitorForm({ notice }: { notice?: string }) {
  const { t } = useTranslation();
  const text = useSupportText();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const [form] = Form.useForm<VisitorValues>();
  const [failure, setFailure] = useState<string | undefined>(notice);
  const [busy, setBusy] = useState(false);

  const { captcha, refresh: refreshCaptcha } = useImageCaptcha(() => form.setFieldValue('captcha', ''));

  // biome-ignore lint/correctness/useExhaustiveDependencies: one picture when the form first shows
  useEffect(() => {
    void refreshCaptcha();
  }, []);

  const submit = async (values: VisitorValues) => {
    if (!captcha) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await customerChat.startVisitor({
        name: values.name.trim(),
        contact: values.contact.trim(),
        captchaUuid: captcha.uuid,
        captchaCode: values.captcha.trim(),
      });
    } catch (error) {
      setFailure(messageOf(error));
      await refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="support-visitor">
      <p className="support-visitor__intro">{t('supportChat.visitor.intro')}</p>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" className="support-visitor__error" /> : null}
      <Form
        form={form}
        name="support-visitor"
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setFailure(undefined)}
      >
        <Form.Item
          name="name"
          label={t('supportChat.visitor.name')}
          rules={[{ required: true, whitespace: true, message: text('visitorNameRequired') }]}
        >
          <Input
            placeholder={t('supportChat.visitor.namePlaceholder')}
            maxLength={SUPPORT_LIMITS.visitorNameMax}
            autoComplete="name"
          />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('supportChat.visitor.contact')}
          rules={[{ required: true, whitespace: true, message: text('contactRequired') }]}
        >
          <Input placeholder={t('supportChat.visitor.contactPlaceholder')} maxLength={SUPPORT_LIMITS.contactMax} />
        </Form.Item>
        <Form.Item
          name="captcha"
          label={t('supportChat.visitor.captcha')}
          rules={[{ required: true, whitespace: true, message: accountMessages.captchaRequired[locale] }]}
        >
          <CaptchaInput image={captcha?.image} onRefresh={() => void refreshCaptcha()} size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('supportChat.visitor.start')}
        </Button>
      </Form>
      <div className="support-visitor__account">
        {t('supportChat.visitor.haveAccount')}
        <Button
          type="link"
          size="small"
          onClick={() => {
            customerChat.closePanel();
            void navigate('/login');
          }}
        >
          {t('supportChat.visitor.signIn')}
        </Button>
      </div>
    </div>
  );
}
