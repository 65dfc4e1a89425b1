import type { Craft, CraftExportFormat, CraftLibrary } from '@kerf/contract';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyCraftsToPersonal, craftExportUrl, deleteCrafts } from '../../../api/craft-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { startDownload } from '../../../api/transfer-api';
import { craftTitle } from '../model/craft-format';
import { useRefreshCrafts } from './use-craft-data';

/** Copy, delete and export, with the confirmations and messages people see; shared by table and drawer. */
export function useCraftActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const refresh = useRefreshCrafts();

  const failed = useCallback(
    (error: unknown) => {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    },
    [message],
  );

  return useMemo(
    () => ({
      failed,

      /** Resolves with the copies (none when the call failed, which was already said). */
      async copy(crafts: readonly Craft[]): Promise<Craft[]> {
        if (!crafts.length) return [];
        try {
          const answer = await copyCraftsToPersonal(crafts.map((craft) => craft.id));
          void message.success(answer.msg);
          return answer.crafts;
        } catch (error) {
          failed(error);
          return [];
        } finally {
          void refresh();
        }
      },

      /** Asks first; `onDeleted` runs once the server has deleted them. */
      remove(crafts: readonly Craft[], library: CraftLibrary, onDeleted?: () => void) {
        if (!crafts.length) return;
        const first = crafts[0]!;
        modal.confirm({
          title: t('craft.remove.title'),
          content: (
            <>
              <p>
                {crafts.length === 1
                  ? t('craft.remove.one', { name: craftTitle(first, t('craft.anyThickness')) })
                  : t('craft.remove.many', { count: crafts.length })}
              </p>
              {library === 'standard' ? <p className="craft-confirm__warning">{t('craft.remove.standard')}</p> : null}
            </>
          ),
          okText: t('craft.remove.ok'),
          cancelText: t('craft.remove.cancel'),
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              void message.success(await deleteCrafts(crafts.map((craft) => craft.id)));
              onDeleted?.();
            } catch (error) {
              failed(error);
            } finally {
              void refresh();
            }
          },
        });
      },

      /** The whole library, or the crafts given, as a download (the browser sends the session cookie). */
      exportCrafts(library: CraftLibrary, format: CraftExportFormat, crafts?: readonly Craft[]) {
        startDownload(
          craftExportUrl(
            library,
            format,
            crafts?.map((craft) => craft.id),
          ),
        );
      },
    }),
    [failed, message, modal, refresh, t],
  );
}
