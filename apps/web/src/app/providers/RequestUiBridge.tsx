import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setRequestUi } from '../../api/request';
import { sessionStore } from '../../stores/session-store';
import { preRoute } from '../guards/pre-route';
import { toAppPath } from '../guards/route-guard';

/**
 * "Sign in again" on the expired-session dialog (SPEC §4): the session is already over on the server,
 * so this signs out here only (token, login type, roles, permissions) and remembers the page to come
 * back to; the request client then loads /web/login.
 */
function endExpiredSession() {
  const { pathname, search, hash } = window.location;
  preRoute.save(`${toAppPath(pathname)}${search}${hash}`);
  sessionStore.clear();
}

/**
 * Gives the request client antd's message and modal from inside <App>, so its toasts and the
 * re-login dialog follow the theme colour and language like the rest of the page.
 */
export function RequestUiBridge() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      setRequestUi({
        toastError: (content, seconds) => {
          void message.error({ content, duration: seconds });
        },
        confirmRelogin: (content) =>
          new Promise<boolean>((resolve) => {
            modal.confirm({
              title: t('request.reloginTitle'),
              content,
              okText: t('request.relogin'),
              cancelText: t('request.stay'),
              onOk: () => {
                endExpiredSession();
                resolve(true);
              },
              onCancel: () => resolve(false),
            });
          }),
        redirect: (url) => window.location.assign(url),
      }),
    [message, modal, t],
  );
  return null;
}
