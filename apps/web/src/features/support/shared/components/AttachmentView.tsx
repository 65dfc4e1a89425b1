import { FileOutlined, LoadingOutlined } from '@ant-design/icons';
import type { SupportAttachment, SupportMessageKind } from '@kerf/contract';
import { Image, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../drive/model/format';
import { thumbnailSize } from '../model/attachment-rules';

const THUMB_MAX = 200;

interface AttachmentViewProps {
  kind: SupportMessageKind;
  attachment: SupportAttachment;
  /** The stored bytes' address; absent while the message is on its way. */
  url?: string;
  /** The sender's own copy of a picture being sent. */
  previewUrl?: string;
  /** 0…1 while uploading. */
  progress?: number;
}

/**
 * A picture as a thumbnail that opens larger, any other file as a card with its name and size that
 * downloads it (the server only ever serves such files as a download).
 */
export function AttachmentView({ kind, attachment, url, previewUrl, progress }: AttachmentViewProps) {
  const { t } = useTranslation();
  if (kind === 'image') {
    const src = url ?? previewUrl;
    const box = thumbnailSize(attachment, THUMB_MAX);
    if (!src) {
      return (
        <div className="support-image support-image--empty">
          <LoadingOutlined />
        </div>
      );
    }
    return (
      <div className="support-image">
        <Image
          src={src}
          alt={attachment.name || t('supportChat.message.picture')}
          width={box?.width}
          height={box?.height}
          preview={url ? { src: url, mask: t('supportChat.message.openImage') } : false}
        />
        {progress !== undefined ? (
          <Progress percent={Math.round(progress * 100)} size="small" showInfo={false} />
        ) : null}
      </div>
    );
  }
  const body = (
    <>
      <FileOutlined className="support-file__icon" />
      <span className="support-file__text">
        <span className="support-file__name" title={attachment.name}>
          {attachment.name}
        </span>
        <span className="support-file__size">
          {formatSize(attachment.size)}
          {url ? ` · ${t('supportChat.message.download')}` : ''}
        </span>
        {progress !== undefined ? <Progress percent={Math.round(progress * 100)} size="small" /> : null}
      </span>
    </>
  );
  return url ? (
    <a
      className="support-file"
      href={url}
      download={attachment.name}
      aria-label={`${t('supportChat.message.download')} ${attachment.name}`}
    >
      {body}
    </a>
  ) : (
    <div className="support-file">{body}</div>
  );
}
