import { App } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { type IssuedToken, WEB_LOGIN_TYPE } from '../../api/account-api';
import { preRoute } from '../../app/guards/pre-route';
import { SIGNED_IN_HOME } from '../../app/guards/session-guards';
import { sessionStore } from '../../stores/session-store';

/**
 * After any successful sign-in (password, code, chat-app): store token and login type, say so, and go
 * where the person wanted to go (preRoute) or to the workbench. The route guard then loads permissions.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useCallback(
    (issued: IssuedToken) => {
      sessionStore.signIn(issued.token, issued.userInfo.loginType || WEB_LOGIN_TYPE);
      if (issued.msg) void message.success(issued.msg);
      void navigate(preRoute.take() ?? SIGNED_IN_HOME, { replace: true });
    },
    [message, navigate],
  );
}
