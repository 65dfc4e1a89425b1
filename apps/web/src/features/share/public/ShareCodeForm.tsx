import { KeyOutlined } from '@ant-design/icons';
import { shareMessages } from '@kerf/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import { checkExtractionCode, type ShareInfo } from '../../../api/share-api';
import { useSettings } from '../../../stores/settings-store';
import { normaliseCode } from '../model/share-access';
import { isFinalProblem, type ShareProblem, shareProblemOf } from '../model/share-problem';
import { SharePageFrame } from './SharePageFrame';
import { SharerLine } from './SharerLine';

/**
 * The extraction code form: focused at once, Enter submits, the server's words for a wrong code
 * (提取码错误), a lock or too many tries. A `?pwd=` in the link fills it in.
 */
export function ShareCodeForm({
  info,
  initialCode,
  initialError,
  onAccepted,
  onProblem,
}: {
  info: ShareInfo;
  initialCode: string;
  /** Why the form is back (a remembered code stopped working). */
  initialError?: string;
  onAccepted(code: string): void;
  /** The share ended while the form was open (expired, cancelled). */
  onProblem(problem: ShareProblem): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(initialError);

  const submit = async ({ code }: { code: string }) => {
    const value = normaliseCode(code);
    setBusy(true);
    try {
      await checkExtractionCode(info.shareBatchNum, value);
      onAccepted(value);
    } catch (failure) {
      const problem = shareProblemOf(failure);
      if (isFinalProblem(problem)) {
        onProblem(problem);
        return;
      }
      setError(messageOf(failure, shareMessages.codeWrong[locale]));
      form.getFieldInstance('code')?.focus?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SharePageFrame>
      <section className="auth-card share-card share-code-card" aria-labelledby="share-code-title">
        <SharerLine info={info} />
        <h2 id="share-code-title" className="share-code-card__title">
          <KeyOutlined aria-hidden /> {t('share.page.codeTitle')}
        </h2>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ code: initialCode }}
          onFinish={submit}
          onValuesChange={() => setError(undefined)}
          aria-labelledby="share-code-title"
        >
          <Form.Item
            name="code"
            label={t('share.page.codeLabel')}
            rules={[{ required: true, whitespace: true, message: shareMessages.codeRequired[locale] }]}
            validateStatus={error ? 'error' : undefined}
            help={error}
            extra={error ? undefined : t('share.page.codeHint')}
          >
            <Input
              size="large"
              autoFocus
              maxLength={32}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('share.page.codePlaceholder')}
              className="share-code-card__input"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            className="share-code-card__submit"
          >
            {t('share.page.open')}
          </Button>
        </Form>
      </section>
    </SharePageFrame>
  );
}
