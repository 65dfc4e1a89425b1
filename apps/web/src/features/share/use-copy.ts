import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './model/copy-text';

/** Copies text and says so (SPEC §8 复制成功); when the browser will not copy, asks to copy by hand. */
export function useCopy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      if (copied) void message.success(t('share.copied'));
      else void message.warning(t('share.copyFailed'));
      return copied;
    },
    [message, t],
  );
}
