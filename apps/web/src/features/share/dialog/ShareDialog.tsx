import { CopyOutlined } from '@ant-design/icons';
import {
  SHARE_REMARKS_MAX,
  SHARE_TIME_FORMAT,
  SHARE_TYPE,
  type ShareResult,
  type ShareType,
  shareLink,
  shareMessages,
  shareText,
} from '@kerf/contract';
import { App, Button, DatePicker, Form, Input, Modal, Radio } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { createShare } from '../../../api/share-api';
import { useSettings } from '../../../stores/settings-store';
import { FileIcon } from '../../drive/components/FileIcon';
import {
  EXPIRY_PRESETS,
  type ExpiryPreset,
  isPastDate,
  isPastEndTime,
  pastTimeParts,
  presetEndTime,
} from '../model/share-expiry';
import '../share.css';
import { moreItemsText } from '../model/share-batch';
import { useCopy } from '../use-copy';
import { ShareResultView } from './ShareResultView';

interface ShareForm {
  endTime?: Dayjs;
  shareType: ShareType;
  remarks: string;
}

/** The quick pick a chosen time stands for, give or take the minutes the dialog has been open. */
function presetOf(value: Dayjs | undefined): ExpiryPreset | undefined {
  if (!value) return undefined;
  const now = dayjs();
  return EXPIRY_PRESETS.find((preset) => Math.abs(presetEndTime(preset, now).diff(value, 'second')) < 120);
}

/**
 * The share dialog (SPEC §4, §5; 550 px): the expiry (required, picked not typed, never cleared, no past
 * time, quick picks), public or with an extraction code (default public), a private note. On success the
 * same dialog shows the link {origin}/share/{code}, the code and the share text with copy buttons.
 */
export function ShareDialog({
  entries,
  onClose,
  onShared,
}: {
  entries: readonly DriveEntry[];
  onClose(): void;
  /** The share exists: lists of shares are out of date. */
  onShared?(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const copy = useCopy();
  const [form] = Form.useForm<ShareForm>();
  const endTime = Form.useWatch('endTime', form);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<(ShareResult & { endTime: Dayjs }) | null>(null);
  const first = entries[0];

  const endTimeRule = {
    validator: async (_rule: RuleObject, value: Dayjs | undefined) => {
      if (!value) throw new Error(shareMessages.endTimeRequired[locale]);
      if (isPastEndTime(value, dayjs())) throw new Error(shareMessages.endTimePast[locale]);
    },
  };

  const pick = (preset: ExpiryPreset) => {
    form.setFieldValue('endTime', presetEndTime(preset, dayjs()));
    void form.validateFields(['endTime']).catch(() => undefined);
  };

  const submit = async (values: ShareForm) => {
    if (!values.endTime) return;
    setBusy(true);
    try {
      const created = await createShare({
        endTime: values.endTime.format(),
        shareType: values.shareType,
        remarks: (values.remarks ?? '').trim(),
        userFileIds: entries.map((entry) => entry.userFileId),
      });
      setResult({ ...created, endTime: values.endTime });
      onShared?.();
    } catch (error) {
      // SPEC §8: a share failure shows the server's message
      if (!isShownByClient(error)) void message.error(messageOf(error, shareMessages.failed[locale]));
    } finally {
      setBusy(false);
    }
  };

  const link = result ? shareLink(window.location.origin, result.shareBatchNum) : '';
  const text = result ? shareText(link, result.extractionCode, locale) : '';
  const chosen = presetOf(endTime);
  return (
    <Modal
      open
      title={t('share.dialog.title')}
      width={550}
      onCancel={onClose}
      destroyOnHidden
      className="share-dialog"
      footer={
        result ? (
          <>
            <Button onClick={onClose}>{t('share.dialog.done')}</Button>
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(text)}>
              {t(result.extractionCode ? 'share.dialog.copyLinkAndCode' : 'share.dialog.copyText')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('share.dialog.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {t('share.dialog.create')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ShareResultView
          link={link}
          extractionCode={result.extractionCode}
          text={text}
          endTime={result.endTime.format(SHARE_TIME_FORMAT)}
        />
      ) : (
        <>
          {first ? (
            <div className="share-dialog__subject">
              <FileIcon entry={first} size={26} />
              <span className="share-dialog__subject-name" title={first.fileName}>
                {first.fileName}
              </span>
              {entries.length > 1 ? (
                <span className="share-dialog__subject-more">{moreItemsText(t, entries.length)}</span>
              ) : null}
            </div>
          ) : null}
          <Form<ShareForm>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ shareType: SHARE_TYPE.public, remarks: '' }}
            onFinish={submit}
            aria-label={t('share.dialog.title')}
          >
            <Form.Item label={t('share.dialog.endTime')} htmlFor="share-end-time" required>
              <Form.Item name="endTime" noStyle rules={[endTimeRule]} validateTrigger={['onChange', 'onBlur']}>
                <DatePicker
                  id="share-end-time"
                  className="share-dialog__picker"
                  showTime={{ defaultValue: dayjs('23:59:59', 'HH:mm:ss') }}
                  format={SHARE_TIME_FORMAT}
                  inputReadOnly
                  allowClear={false}
                  placeholder={t('share.dialog.endTimePlaceholder')}
                  presets={EXPIRY_PRESETS.map((preset) => ({
                    label: t(`share.dialog.presets.${preset}`),
                    value: () => presetEndTime(preset, dayjs()),
                  }))}
                  disabledDate={(current) => isPastDate(current, dayjs())}
                  disabledTime={(current) => pastTimeParts(current, dayjs())}
                />
              </Form.Item>
              <fieldset className="share-dialog__quick" aria-label={t('share.dialog.quickPick')}>
                <span className="share-dialog__quick-label" aria-hidden>
                  {t('share.dialog.quickPick')}
                </span>
                {EXPIRY_PRESETS.map((preset) => (
                  <Button
                    key={preset}
                    size="small"
                    type={chosen === preset ? 'primary' : 'default'}
                    ghost={chosen === preset}
                    aria-pressed={chosen === preset}
                    onClick={() => pick(preset)}
                  >
                    {t(`share.dialog.presets.${preset}`)}
                  </Button>
                ))}
              </fieldset>
            </Form.Item>
            <Form.Item name="shareType" label={t('share.dialog.access')}>
              <Radio.Group className="share-dialog__access">
                {(
                  [
                    [SHARE_TYPE.public, 'share.dialog.public', 'share.dialog.publicHint'],
                    [SHARE_TYPE.code, 'share.dialog.withCode', 'share.dialog.withCodeHint'],
                  ] as const
                ).map(([value, title, hint]) => (
                  <Radio key={value} value={value} className="share-dialog__option">
                    <span className="share-dialog__option-title">{t(title)}</span>
                    <span className="share-dialog__option-hint">{t(hint)}</span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item name="remarks" label={t('share.dialog.remarks')} className="share-dialog__remarks">
              <Input.TextArea
                maxLength={SHARE_REMARKS_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder={t('share.dialog.remarksPlaceholder')}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
