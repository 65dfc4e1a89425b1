import { SafetyOutlined } from '@ant-design/icons';
import { type CodeScene, VERIFICATION_CODE_LENGTH, VERIFICATION_RESEND_SECONDS } from '@kerf/contract';
import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendVerificationCode } from '../../../api/account-api';
import { isShownByClient, messageOf, RequestError } from '../../../api/request';
import { asksForCaptcha } from '../captcha-demand';
import { useCountdown } from '../use-countdown';
import { CaptchaDialog } from './CaptchaDialog';
import './form-parts.css';

interface VerificationCodeInputProps {
  id?: string;
  value?: string;
  onChange?(value: string): void;
  scene: CodeScene;
  /** The account to send to, validated; undefined when the account field is not right yet. */
  resolveAccount(): Promise<string | undefined>;
  size?: 'large' | 'middle';
}

/** A 429 from getCode says how long to wait (`data.retryAfterSeconds`), so the countdown matches the server. */
function secondsToWait(error: unknown): number | undefined {
  if (!(error instanceof RequestError) || error.code !== 429) return undefined;
  const seconds = Number((error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds);
  return seconds > 0 && seconds <= VERIFICATION_RESEND_SECONDS ? seconds : undefined;
}

/** The 6-digit code field with its send button and resend countdown (SPEC §2, 60 s). */
export function VerificationCodeInput({
  id,
  value,
  onChange,
  scene,
  resolveAccount,
  size,
}: VerificationCodeInputProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { seconds, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  /** The account waiting for a solved captcha; set while the captcha dialog is open. */
  const [captchaFor, setCaptchaFor] = useState<string>();

  function sent() {
    setSentOnce(true);
    start(VERIFICATION_RESEND_SECONDS);
    void message.success(t('auth.code.sent'));
  }

  function failed(error: unknown) {
    const wait = secondsToWait(error);
    if (wait) start(wait);
    if (!isShownByClient(error)) void message.error(messageOf(error));
  }

  async function send() {
    const account = await resolveAccount();
    if (!account) return;
    setSending(true);
    try {
      await sendVerificationCode(account, scene);
      sent();
    } catch (error) {
      // past the first few sends the server wants the image captcha: ask for it, then send again
      if (asksForCaptcha(error)) setCaptchaFor(account);
      else failed(error);
    } finally {
      setSending(false);
    }
  }

  async function sendWithCaptcha(captcha: { uuid: string; answer: string }) {
    if (!captchaFor) return;
    await sendVerificationCode(captchaFor, scene, captcha);
    setCaptchaFor(undefined);
    sent();
  }

  return (
    <>
      <Space.Compact block size={size}>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value.replace(/\D/g, ''))}
          prefix={<SafetyOutlined className="auth-field-icon" />}
          placeholder={t('auth.field.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
        />
        <Button className="auth-code-button" onClick={() => void send()} loading={sending} disabled={running}>
          {running ? t('auth.code.countdown', { seconds }) : sentOnce ? t('auth.code.resend') : t('auth.code.send')}
        </Button>
      </Space.Compact>
      <CaptchaDialog
        open={captchaFor !== undefined}
        onSolve={sendWithCaptcha}
        onOtherFailure={(error) => {
          setCaptchaFor(undefined);
          failed(error);
        }}
        onClose={() => setCaptchaFor(undefined)}
      />
    </>
  );
}
