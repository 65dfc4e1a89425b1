import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { downloadUrl, startDownload } from '../../../api/transfer-api';
import { fileKind } from '../model/file-kinds';

/**
 * A plain look at an image, a video or a sound in the page. The full viewers of SPEC §2 (zoom,
 * rotation, playlists, lyrics) are a later issue; this lets a person check what they uploaded.
 */
export function PreviewDialog({ entry, onClose }: { entry: DriveEntry; onClose(): void }) {
  const { t } = useTranslation();
  const kind = fileKind(entry);
  const src = downloadUrl(entry.userFileId);
  return (
    <Modal
      open
      title={t('drive.preview.title', { name: entry.fileName })}
      onCancel={onClose}
      width={kind === 'audio' ? 520 : 900}
      centered
      destroyOnHidden
      className="drive-preview"
      footer={
        <Button icon={<DownloadOutlined />} onClick={() => startDownload(src, entry.fileName)}>
          {t('drive.actions.download')}
        </Button>
      }
    >
      <div className="drive-preview__stage">
        {kind === 'image' ? <img src={src} alt={entry.fileName} /> : null}
        {kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: people's own videos come without caption tracks
          <video src={src} controls autoPlay />
        ) : null}
        {kind === 'audio' ? (
          // biome-ignore lint/a11y/useMediaCaption: people's own recordings come without caption tracks
          <audio src={src} controls autoPlay />
        ) : null}
      </div>
    </Modal>
  );
}
