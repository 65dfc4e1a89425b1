import { Alert } from 'antd';
import './form-parts.css';

/** A refused submit (账号或密码错误, 验证码错误…) shown above the button, where the eye already is. */
export function FormError({ text }: { text?: string }) {
  if (!text) return null;
  return <Alert className="auth-form-error" type="error" showIcon title={text} role="alert" />;
}
