import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/request';
import { exchangeWechatCode } from '../../api/wechat-api';
import { LinkButton } from '../../app/components/LinkButton';
import { AuthLayout } from './components/AuthLayout';
import { WechatBindPanel } from './components/WechatBindPanel';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * /login/wechat?code=…&state=…: where the provider sends the browser back. The code is exchanged once
 * (the query cache keeps StrictMode and re-renders from spending it twice); then the person is signed
 * in, asked to link an account, or — when binding from the account page — sent back there.
 */
export function WechatCallbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const exchange = useQuery({
    queryKey: ['wechat-exchange', code, state],
    queryFn: () => exchangeWechatCode(code, state),
    enabled: code !== '' && state !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const handled = useRef(false);

  useEffect(() => {
    const result = exchange.data;
    if (!result || handled.current) return;
    if (result.kind === 'signedIn') {
      handled.current = true;
      completeSignIn(result);
    } else if (result.kind === 'bound') {
      handled.current = true;
      void message.success(result.msg || t('auth.wechat.bound'));
      void navigate('/account?tab=bindings', { replace: true });
    }
  }, [exchange.data, completeSignIn, message, navigate, t]);

  const result = exchange.data;
  if (result?.kind === 'needsBinding') {
    return (
      <AuthLayout title={t('auth.wechat.bindTitle')} subtitle={t('auth.wechat.bindIntro')}>
        <div className="auth-wechat-profile">
          <Avatar size={48} src={result.profile.avatar || undefined}>
            {result.profile.nickName.slice(0, 1)}
          </Avatar>
          <span>{t('auth.wechat.greeting', { name: result.profile.nickName })}</span>
        </div>
        <WechatBindPanel ticket={result.ticket} />
      </AuthLayout>
    );
  }

  const failed = !code || !state || exchange.isError;
  return (
    <AuthLayout title={t('auth.wechat.title')}>
      {failed ? (
        <Result
          status="warning"
          title={t('auth.wechat.failed')}
          subTitle={!code || !state ? t('auth.wechat.missingCode') : messageOf(exchange.error)}
          extra={
            <LinkButton type="primary" to="/login">
              {t('auth.wechat.backToLogin')}
            </LinkButton>
          }
        />
      ) : (
        <div className="auth-pending" role="status">
          <Spin size="large" />
          <span>{t('auth.wechat.exchanging')}</span>
        </div>
      )}
    </AuthLayout>
  );
}
