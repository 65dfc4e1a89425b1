import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: string;
  content?: string;
  okText: string;
}

/** A yes/no question in antd's confirm dialog, answered as a promise (true: the person said yes). */
export function useConfirm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          ...options,
          cancelText: t('design.save.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}
