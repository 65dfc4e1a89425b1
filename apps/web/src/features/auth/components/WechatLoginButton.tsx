import { WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownByClient, messageOf } from '../../../api/request';
import { fetchWechatAuthorizeUrl } from '../../../api/wechat-api';

/** Goes to the provider's QR page for a fresh authorisation address (its `state` is single-use). */
export async function goToWechat(purpose: 'login' | 'bind'): Promise<void> {
  const answer = await fetchWechatAuthorizeUrl(purpose);
  if (answer.enabled) window.location.assign(answer.url);
}

/**
 * "WeChat QR sign-in", shown only when the server has the chat-app login configured. The provider's
 * own page shows the QR code and sends the browser back to /login/wechat.
 */
export function WechatLoginButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [leaving, setLeaving] = useState(false);
  const { data } = useQuery({
    queryKey: ['wechat-authorize', 'login'],
    queryFn: () => fetchWechatAuthorizeUrl('login'),
    staleTime: 60_000,
  });
  if (!data?.enabled) return null;

  async function start() {
    setLeaving(true);
    try {
      await goToWechat('login');
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
      setLeaving(false);
    }
  }

  return (
    <div className="auth-other-ways">
      <Divider plain>{t('auth.login.otherWays')}</Divider>
      <Button block icon={<WechatOutlined />} className="auth-wechat" loading={leaving} onClick={() => void start()}>
        {t('auth.login.wechat')}
      </Button>
    </div>
  );
}
