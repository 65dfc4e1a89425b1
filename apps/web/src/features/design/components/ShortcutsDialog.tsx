import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { designZhCN } from '../../../i18n/design.zh-CN';
import { SHORTCUTS } from '../model/keyboard';

type ShortcutKey = keyof (typeof designZhCN)['shortcuts'];

/** Every keyboard shortcut of the editor, from the same table the keys are handled by. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('design.shortcuts.title')} footer={null} onCancel={onClose} width={560}>
      <table className="design-shortcuts">
        <tbody>
          {SHORTCUTS.map(({ keys, action }) => (
            <tr key={action}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{t(`design.shortcuts.${action as ShortcutKey}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
