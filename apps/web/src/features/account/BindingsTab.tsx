import { MailOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { maskAccount } from '@kerf/contract';
import { App, Avatar, Button, Popconfirm, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountProfile, type BindingKind, unbindAccount } from '../../api/profile-api';
import { isShownByClient, messageOf } from '../../api/request';
import { sessionStore } from '../../stores/session-store';
import { goToWechat } from '../auth/components/WechatLoginButton';
import { BindAccountModal } from './BindAccountModal';
import { useReloadProfile } from './use-account-profile';

interface BindingRowProps {
  kind: BindingKind;
  icon: ReactNode;
  value: ReactNode;
  bound: boolean;
  actions: ReactNode;
}

function BindingRow({ kind, icon, value, bound, actions }: BindingRowProps) {
  const { t } = useTranslation();
  return (
    <li className={`account-binding account-binding--${kind}`}>
      <span className="account-binding__icon">{icon}</span>
      <div className="account-binding__text">
        <strong>{t(`account.bindings.${kind}`)}</strong>
        <span className={bound ? undefined : 'account-muted'}>{bound ? value : t('account.bindings.notBound')}</span>
      </div>
      <div className="account-binding__actions">{actions}</div>
    </li>
  );
}

/** Mobile number, e-mail address and WeChat: bind, change, unbind (the server keeps one way to sign in). */
export function BindingsTab({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reloadProfile = useReloadProfile();
  const [binding, setBinding] = useState<'mobile' | 'email' | null>(null);
  const [busy, setBusy] = useState<BindingKind | null>(null);
  const { bindings } = profile;

  async function unbind(kind: BindingKind) {
    setBusy(kind);
    try {
      void message.success(await unbindAccount(kind));
      if (kind !== 'wechat') sessionStore.updateUser({ [kind]: null });
      await reloadProfile();
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function bindWechat() {
    setBusy('wechat');
    try {
      await goToWechat('bind');
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
      setBusy(null);
    }
  }

  const unbindButton = (kind: BindingKind) => (
    <Popconfirm
      title={t('account.bindings.unbindConfirm', { kind: t(`account.bindings.${kind}`) })}
      okText={t('account.bindings.unbindOk')}
      cancelText={t('account.bindings.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => unbind(kind)}
    >
      <Button danger loading={busy === kind}>
        {t('account.bindings.unbind')}
      </Button>
    </Popconfirm>
  );

  const accountActions = (kind: 'mobile' | 'email') => (
    <>
      <Button onClick={() => setBinding(kind)}>
        {bindings[kind] ? t('account.bindings.change') : t('account.bindings.bind')}
      </Button>
      {bindings[kind] ? unbindButton(kind) : null}
    </>
  );

  return (
    <section className="account-section">
      <Typography.Paragraph type="secondary">{t('account.bindings.intro')}</Typography.Paragraph>
      <ul className="account-bindings">
        <BindingRow
          kind="mobile"
          icon={<MobileOutlined />}
          bound={bindings.mobile !== null}
          value={bindings.mobile ? maskAccount(bindings.mobile) : null}
          actions={accountActions('mobile')}
        />
        <BindingRow
          kind="email"
          icon={<MailOutlined />}
          bound={bindings.email !== null}
          value={bindings.email}
          actions={accountActions('email')}
        />
        <BindingRow
          kind="wechat"
          icon={<WechatOutlined />}
          bound={bindings.wechat !== null}
          value={
            bindings.wechat ? (
              <span className="account-binding__wechat">
                <Avatar size={20} src={bindings.wechat.avatar || undefined}>
                  {bindings.wechat.nickName.slice(0, 1)}
                </Avatar>
                {bindings.wechat.nickName}
              </span>
            ) : null
          }
          actions={
            bindings.wechat ? (
              unbindButton('wechat')
            ) : profile.wechatEnabled ? (
              <Button onClick={() => void bindWechat()} loading={busy === 'wechat'}>
                {t('account.bindings.bind')}
              </Button>
            ) : (
              <span className="account-muted">{t('account.bindings.wechatUnavailable')}</span>
            )
          }
        />
      </ul>
      <BindAccountModal
        kind={binding}
        replacing={binding !== null && bindings[binding] !== null}
        onClose={() => setBinding(null)}
        onBound={() => {
          setBinding(null);
          void reloadProfile();
        }}
      />
    </section>
  );
}
