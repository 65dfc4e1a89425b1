import { PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './form-parts.css';

interface CaptchaInputProps {
  id?: string;
  value?: string;
  onChange?(value: string): void;
  /** data: URL of the current picture, undefined while it loads. */
  image?: string;
  onRefresh(): void;
  size?: 'large' | 'middle';
}

/** The image captcha the server asks for after failed sign-ins; clicking the picture draws a new one. */
export function CaptchaInput({ id, value, onChange, image, onRefresh, size }: CaptchaInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact block size={size}>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        prefix={<PictureOutlined className="auth-field-icon" />}
        placeholder={t('auth.field.captcha')}
        autoComplete="off"
        maxLength={8}
      />
      <button
        type="button"
        className="auth-captcha"
        onClick={onRefresh}
        title={t('auth.field.captchaRefresh')}
        aria-label={t('auth.field.captchaRefresh')}
      >
        {image ? <img src={image} alt={t('auth.field.captcha')} /> : <ReloadOutlined spin />}
      </button>
    </Space.Compact>
  );
}
