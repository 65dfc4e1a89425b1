import { CopyOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { type ClashChoice, extensionOf } from '@kerf/contract';
import { Checkbox, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../components/FileIcon';
import { numberedExample } from '../model/clash-resolver';
import { formatSize, formatTime } from '../model/format';
import { usePendingClash } from './clash-prompt';

function Choice({ icon, title, hint, onPick }: { icon: ReactNode; title: string; hint: string; onPick(): void }) {
  return (
    <button type="button" className="drive-clash__choice" onClick={onPick}>
      <span className="drive-clash__choice-icon" aria-hidden>
        {icon}
      </span>
      <span className="drive-clash__choice-text">
        <span className="drive-clash__choice-title">{title}</span>
        <span className="drive-clash__choice-hint">{hint}</span>
      </span>
    </button>
  );
}

/**
 * The name-clash question of an upload or a restore (as Cloudreve asks it): the name in the way, what
 * is there now, and three choices (replace, keep both, skip) with "do the same for the others".
 * Closing the dialog skips, the choice that changes nothing.
 */
export function ClashDialog() {
  const { t } = useTranslation();
  const pending = usePendingClash();
  const [applyToAll, setApplyToAll] = useState(false);
  if (!pending) return null;
  const { question } = pending;
  const { clash, purpose } = question;
  const isDir = clash.isDir === 1;
  const pick = (choice: ClashChoice) => {
    pending.answer({ choice, applyToAll });
    setApplyToAll(false);
  };
  const kind = t(isDir ? 'drive.clash.folder' : 'drive.clash.file');
  return (
    <Modal
      open
      title={t('drive.clash.title')}
      // a restore asks over its busy dialog (550 px): as wide, so that one does not peek out beside it
      width={purpose === 'restore' ? 550 : 480}
      footer={null}
      onCancel={() => pick('skip')}
      className="drive-clash"
      // above the restore dialog's busy message and the upload panel
      zIndex={1100}
    >
      <div className="drive-clash__subject">
        <FileIcon entry={{ isDir: clash.isDir, extendName: extensionOf(clash.fileName) }} size={36} />
        <div className="drive-clash__facts">
          <div className="drive-clash__text">
            {t(purpose === 'upload' ? 'drive.clash.uploadText' : 'drive.clash.restoreText', {
              name: clash.fileName,
              kind,
            })}
          </div>
          <div className="drive-clash__existing">
            {isDir
              ? t('drive.clash.existingFolder', { time: formatTime(clash.uploadTime) })
              : t('drive.clash.existing', { size: formatSize(clash.fileSize), time: formatTime(clash.uploadTime) })}
          </div>
        </div>
      </div>
      <div className="drive-clash__choices">
        {purpose === 'upload' && isDir ? null : (
          <Choice
            icon={<SwapOutlined />}
            title={t('drive.clash.replace')}
            hint={t(purpose === 'upload' ? 'drive.clash.replaceUpload' : 'drive.clash.replaceRestore')}
            onPick={() => pick('replace')}
          />
        )}
        <Choice
          icon={<CopyOutlined />}
          title={t('drive.clash.keepBoth')}
          hint={t('drive.clash.keepBothHint', { name: numberedExample(clash.fileName, isDir) })}
          onPick={() => pick('keepBoth')}
        />
        <Choice
          icon={<StopOutlined />}
          title={t('drive.clash.skip')}
          hint={t(purpose === 'upload' ? 'drive.clash.skipUpload' : 'drive.clash.skipRestore')}
          onPick={() => pick('skip')}
        />
      </div>
      <Checkbox
        className="drive-clash__all"
        checked={applyToAll}
        onChange={(event) => setApplyToAll(event.target.checked)}
      >
        {t('drive.clash.applyToAll')}
      </Checkbox>
    </Modal>
  );
}
