import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_LIMITS,
  type Feedback,
  TOAST_SECONDS,
} from '@kerf/contract';
import { Alert, App, Button, Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import { useSettings } from '../../../../stores/settings-store';
import { CaptchaInput } from '../../../auth/components/CaptchaInput';
import { useImageCaptcha } from '../../../auth/use-image-captcha';
import { useSubmitFeedback } from '../hooks/use-feedback-queries';
import { useScreenshotPicks } from '../hooks/use-screenshot-picks';
import {
  categoryProblem,
  characterCount,
  contactProblem,
  descriptionProblem,
  type FeedbackFormValues,
  type FeedbackMessageKey,
  feedbackText,
  pastedName,
} from '../model/feedback-form';
import { ScreenshotPicker } from './ScreenshotPicker';

/** An antd rule from one of the model's checks: the contract's words for the first rule broken. */
function ruleOf(check: (value: unknown) => FeedbackMessageKey | null, say: (key: FeedbackMessageKey) => string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const problem = check(value);
      if (problem) throw new Error(say(problem));
    },
  };
}

/** The pictures a paste carries (a screenshot from the clipboard), named by when they came. */
function pastedPictures(event: ClipboardEvent): File[] {
  const files = Array.from(event.clipboardData?.files ?? []).filter((file) => file.type.startsWith('image/'));
  const now = new Date();
  return files.map((file, i) => {
    const name = pastedName(file, new Date(now.getTime() + i * 1000));
    return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
  });
}

/**
 * The feedback form: what it is about, what happened, screenshots (picked, dropped or pasted), how to
 * answer, and for visitors the picture captcha. Checked with the contract's rules before sending; the
 * server's refusal is shown above the form, and a visitor gets a new picture after any failure.
 */
export function FeedbackForm({ signedIn, onSent }: { signedIn: boolean; onSent?(feedback: Feedback): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const [form] = Form.useForm<FeedbackFormValues>();
  const screenshots = useScreenshotPicks();
  const submit = useSubmitFeedback();
  const [failure, setFailure] = useState<string>();
  const say = (key: FeedbackMessageKey) => feedbackText(key, locale);

  const { captcha, refresh } = useImageCaptcha(() => form.setFieldValue('captcha', ''));
  const refreshCaptcha = async () => {
    if (!signedIn) await refresh();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one picture when a visitor's form shows
  useEffect(() => {
    void refreshCaptcha();
  }, [signedIn]);

  const addScreenshots = (files: File[]) => {
    const problems = screenshots.add(files);
    for (const problem of problems) void message.error(say(problem));
  };

  // a screenshot pasted anywhere on the page joins the form
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener reads the latest state through refs
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pictures = pastedPictures(event);
      if (pictures.length === 0) return;
      event.preventDefault();
      addScreenshots(pictures);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [locale]);

  const send = async (values: FeedbackFormValues) => {
    if (!signedIn && !captcha) return;
    setFailure(undefined);
    try {
      const { feedback, msg } = await submit.mutateAsync({
        category: values.category!,
        description: (values.description ?? '').trim(),
        contact: (values.contact ?? '').trim(),
        screenshots: screenshots.picks.map((pick) => pick.file),
        ...(signedIn ? {} : { captcha: { uuid: captcha!.uuid, code: (values.captcha ?? '').trim() } }),
      });
      void message.success(msg || say('submitted'), TOAST_SECONDS);
      form.resetFields();
      screenshots.clear();
      void refreshCaptcha();
      onSent?.(feedback);
    } catch (error) {
      setFailure(messageOf(error));
      void refreshCaptcha();
    }
  };

  return (
    <Form<FeedbackFormValues>
      form={form}
      name="feedback"
      aria-label={t('supportFeedback.page.tabNew')}
      layout="vertical"
      className="feedback-form"
      requiredMark={false}
      onFinish={(values) => void send(values)}
      onValuesChange={() => setFailure(undefined)}
    >
      {failure ? <Alert type="error" showIcon title={failure} role="alert" className="feedback-form__error" /> : null}
      <Form.Item name="category" label={t('supportFeedback.form.category')} rules={[ruleOf(categoryProblem, say)]}>
        <Radio.Group
          optionType="button"
          className="feedback-form__categories"
          options={FEEDBACK_CATEGORIES.map((category) => ({
            value: category,
            label: FEEDBACK_CATEGORY_LABELS[category][locale],
          }))}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('supportFeedback.form.description')}
        rules={[ruleOf((value) => descriptionProblem(value as string | undefined), say)]}
      >
        <Input.TextArea
          rows={6}
          placeholder={t('supportFeedback.form.descriptionPlaceholder')}
          count={{ show: true, max: FEEDBACK_LIMITS.descriptionMax, strategy: characterCount }}
        />
      </Form.Item>
      <Form.Item
        label={
          <span>
            {t('supportFeedback.form.screenshots')}
            <span className="feedback-form__optional">{t('supportFeedback.form.optional')}</span>
          </span>
        }
        htmlFor="feedback-screenshots"
        extra={t('supportFeedback.form.screenshotsHint', { max: FEEDBACK_LIMITS.screenshotsMax })}
      >
        <ScreenshotPicker
          id="feedback-screenshots"
          picks={screenshots.picks}
          onAdd={addScreenshots}
          onRemove={screenshots.remove}
        />
      </Form.Item>
      <Form.Item
        name="contact"
        label={
          <span>
            {t('supportFeedback.form.contact')}
            {signedIn ? <span className="feedback-form__optional">{t('supportFeedback.form.optional')}</span> : null}
          </span>
        }
        extra={t(signedIn ? 'supportFeedback.form.contactHintSignedIn' : 'supportFeedback.form.contactHintVisitor')}
        rules={[ruleOf((value) => contactProblem(value as string | undefined, signedIn), say)]}
      >
        <Input
          placeholder={t('supportFeedback.form.contactPlaceholder')}
          maxLength={FEEDBACK_LIMITS.contactMax}
          autoComplete="email"
        />
      </Form.Item>
      {signedIn ? null : (
        <Form.Item
          name="captcha"
          label={t('supportFeedback.form.captcha')}
          rules={[{ required: true, whitespace: true, message: say('captchaRequired') }]}
        >
          <CaptchaInput image={captcha?.image} onRefresh={() => void refreshCaptcha()} />
        </Form.Item>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={submit.isPending}
        className="feedback-form__submit"
      >
        {t('supportFeedback.form.submit')}
      </Button>
    </Form>
  );
}
