import { App } from 'antd';
import { useState } from 'react';
import { messageOf } from '../../../api/request';

/**
 * A dialog's save: busy while it runs, the server's words on success (a toast, then the dialog
 * closes) or under the form on failure, so what was typed stays.
 */
export function useSaving(onSaved: () => void, onClose: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (save: () => Promise<string>) => {
    setBusy(true);
    setFailure(null);
    try {
      void message.success(await save());
      onSaved();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
}
