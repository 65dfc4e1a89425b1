import { PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { Input, Modal, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchImageCaptcha, type ImageCaptcha } from '../../../api/account-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { useAccountText } from '../account-text';
import { asksForCaptcha } from '../captcha-demand';
import { FormError } from './FormError';

interface CaptchaDialogProps {
  open: boolean;
  /** Sends the code with the solved captcha; rejects with the server's refusal. */
  onSolve(captcha: { uuid: string; answer: string }): Promise<void>;
  /** A refusal that is not about the captcha (a limit, a failed delivery): the dialog closes with it. */
  onOtherFailure(error: unknown): void;
  onClose(): void;
}

/**
 * The image captcha the server asks for once a client has requested several codes. A wrong answer is
 * said in the dialog and a new picture drawn (each picture is good for one try).
 */
export function CaptchaDialog({ open, onSolve, onOtherFailure, onClose }: CaptchaDialogProps) {
  const { t } = useTranslation();
  const { text } = useAccountText();
  const [captcha, setCaptcha] = useState<ImageCaptcha>();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const refresh = useCallback(async () => {
    setCaptcha(undefined);
    setAnswer('');
    try {
      setCaptcha(await fetchImageCaptcha());
    } catch (failure) {
      if (!isShownByClient(failure)) setError(messageOf(failure));
    }
  }, []);

  useEffect(() => {
    if (open) {
      setError(undefined);
      void refresh();
    }
  }, [open, refresh]);

  async function submit() {
    if (!captcha) return;
    if (!answer.trim()) {
      setError(text('captchaRequired'));
      return;
    }
    setSending(true);
    try {
      await onSolve({ uuid: captcha.uuid, answer: answer.trim() });
    } catch (failure) {
      if (asksForCaptcha(failure)) {
        setError(messageOf(failure));
        await refresh();
      } else {
        onOtherFailure(failure);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('auth.code.captchaTitle')}
      okText={t('auth.code.captchaSend')}
      cancelText={t('auth.code.captchaCancel')}
      confirmLoading={sending}
      okButtonProps={{ disabled: !captcha }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={400}
    >
      <Typography.Paragraph type="secondary">{t('auth.code.captchaIntro')}</Typography.Paragraph>
      <FormError text={error} />
      <form
        aria-label={t('auth.code.captchaTitle')}
        onSubmit={(event) => {
          // React events bubble through the portal: the sign-up form around the code field must not submit
          event.preventDefault();
          event.stopPropagation();
          void submit();
        }}
      >
        {/* the picture at the size it is drawn, bigger than beside the sign-in field: easier to read */}
        <button
          type="button"
          className="auth-captcha-picture"
          onClick={() => void refresh()}
          title={t('auth.field.captchaRefresh')}
          aria-label={t('auth.field.captchaRefresh')}
        >
          {captcha ? <img src={captcha.image} alt={t('auth.field.captcha')} /> : <ReloadOutlined spin />}
        </button>
        <Typography.Text type="secondary" className="auth-captcha-hint">
          {t('auth.field.captchaRefresh')}
        </Typography.Text>
        <label className="auth-captcha-label" htmlFor="code-captcha-answer">
          {t('auth.field.captcha')}
        </label>
        <Input
          id="code-captcha-answer"
          size="large"
          value={answer}
          onChange={(event) => {
            setAnswer(event.target.value);
            setError(undefined);
          }}
          prefix={<PictureOutlined className="auth-field-icon" />}
          placeholder={t('auth.field.captcha')}
          autoComplete="off"
          maxLength={8}
        />
        {/* Enter in the field sends, as in every other form */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
