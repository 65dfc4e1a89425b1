import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { preRoute } from '../../../app/guards/pre-route';
import { sessionStore } from '../../../stores/session-store';
import { useConfirm } from './use-confirm';

/**
 * For what needs the drive (save, import from it): true when signed in; otherwise asks the person to
 * sign in and, if they agree, goes to the login page, which brings them back to the editor (the draft
 * keeps the drawing meanwhile).
 */
export function useSignedInOrAsk() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  return useCallback(async (): Promise<boolean> => {
    if (sessionStore.getState().token) return true;
    const go = await confirm({
      title: t('design.save.signInTitle'),
      content: t('design.save.signInText'),
      okText: t('design.save.signIn'),
    });
    if (go) {
      preRoute.save(`${window.location.pathname.replace(/^\/web/, '')}${window.location.search}`);
      void navigate('/login');
    }
    return false;
  }, [confirm, navigate, t]);
}
