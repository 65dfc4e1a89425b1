import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { browserHandoffStore } from '../../plugins/run/editor-handoff-store';
import { HANDOFF_QUERY, takeFromPluginPage } from '../../plugins/run/model/editor-handoff';
import { zoomToSelection } from '../model/actions/selection-actions';
import type { Editor } from '../model/editor';
import { insertPluginAnswer } from '../model/plugins/insert-plugin-result';

/**
 * Inserts the answer the plugin page left for the editor (`/design?pluginResult={key}`, its "open in
 * the editor") as one step, once the draft has been brought back (the answer joins it); the address
 * then goes back to /design, so a reload does not insert it twice.
 */
export function useOpenPluginResult(editor: Editor, draftSettled: boolean) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const key = params.get(HANDOFF_QUERY);
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!key || !draftSettled || taken.current === key) return;
    taken.current = key;
    void (async () => {
      const answer = await takeFromPluginPage(browserHandoffStore, key).catch(() => null);
      const ids = answer ? insertPluginAnswer(editor, answer) : [];
      if (ids.length > 0) {
        zoomToSelection(editor);
        void message.success(t('plugin-run.editor.opened'));
      } else {
        void message.warning(t('plugin-run.editor.handoffMissing'));
      }
      void navigate('/design', { replace: true });
    })();
  }, [key, draftSettled, editor, message, navigate, t]);
}
