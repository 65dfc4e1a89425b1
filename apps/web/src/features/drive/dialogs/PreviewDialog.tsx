import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { downloadUrl, startDownload } from '../../../api/transfer-api';
import { fileKind } from '../model/file-kinds';

/** Where a previewed file comes from: a source the page can show, and a link that downloads it. */
export interface PreviewSource {
  view: string;
  download: string;
}

/**
 * A plain look at an image, a video or a sound in the page. The full viewers of SPEC §2 (zoom,
 * rotation, playlists, lyrics) are a later issue; this lets a person check what they uploaded. The
 * file is one of my drive unless `source` says where else it comes from (a share's file).
 */
export function PreviewDialog({
  entry,
  source,
  onClose,
}: {
  entry: Pick<DriveEntry, 'userFileId' | 'fileName' | 'extendName' | 'isDir'>;
  source?: PreviewSource;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const kind = fileKind(entry);
  const src = source?.view ?? downloadUrl(entry.userFileId);
  const download = source?.download ?? src;
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
        <Button icon={<DownloadOutlined />} onClick={() => startDownload(download, entry.fileName)}>
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
