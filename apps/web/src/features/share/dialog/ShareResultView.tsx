import { CheckCircleFilled, CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../use-copy';

/** The share dialog's success state (SPEC §4): the link, the extraction code and the share text, each copyable. */
export function ShareResultView({
  link,
  extractionCode,
  text,
  endTime,
}: {
  link: string;
  extractionCode: string;
  text: string;
  endTime: string;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const ids = { link: useId(), code: useId(), text: useId() };
  const selectAll = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();
  return (
    <div className="share-result">
      <div className="share-result__head" role="status">
        <CheckCircleFilled className="share-result__icon" aria-hidden />
        <div>
          <div className="share-result__title">{t('share.dialog.createdTitle')}</div>
          <div className="share-result__sub">{t('share.dialog.validUntil', { time: endTime })}</div>
        </div>
      </div>

      <label className="share-result__label" htmlFor={ids.link}>
        {t('share.dialog.link')}
      </label>
      <Space.Compact block>
        <Input id={ids.link} readOnly value={link} onFocus={selectAll} className="share-result__link" />
        <Button icon={<CopyOutlined />} onClick={() => void copy(link)}>
          {t('share.dialog.copyLink')}
        </Button>
      </Space.Compact>

      {extractionCode ? (
        <>
          <label className="share-result__label" htmlFor={ids.code}>
            {t('share.dialog.code')}
          </label>
          <Space.Compact block className="share-result__code-row">
            <Input id={ids.code} readOnly value={extractionCode} onFocus={selectAll} className="share-result__code" />
            <Button icon={<CopyOutlined />} onClick={() => void copy(extractionCode)}>
              {t('share.dialog.copyCode')}
            </Button>
          </Space.Compact>
        </>
      ) : null}

      <label className="share-result__label" htmlFor={ids.text}>
        {t('share.dialog.text')}
      </label>
      <Input.TextArea id={ids.text} readOnly value={text} autoSize onFocus={selectAll} className="share-result__text" />
    </div>
  );
}
