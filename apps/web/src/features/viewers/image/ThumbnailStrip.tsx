import { FileImageOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileAccess } from '../model/file-access';
import type { ViewerFile } from '../model/viewer-file';
import { ThumbnailImage } from '../shell/ThumbnailImage';

/** The folder's images as small thumbnails (SPEC §2); the current one is framed and kept in view. */
export function ThumbnailStrip({
  images,
  current,
  access,
  onPick,
}: {
  images: readonly ViewerFile[];
  current: number;
  access: FileAccess;
  onPick(index: number): void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current item is the trigger
  useEffect(() => {
    const item = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    item?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [current]);
  return (
    <nav className="viewer-strip" aria-label={t('viewers.image.strip')}>
      <div className="viewer-strip__list" ref={list}>
        {images.map((file, index) => (
          <button
            key={file.userFileId}
            type="button"
            className={index === current ? 'viewer-strip__item is-current' : 'viewer-strip__item'}
            aria-current={index === current}
            aria-label={t('viewers.image.thumbnail', { page: index + 1, name: file.fileName })}
            title={file.fileName}
            onClick={() => onPick(index)}
          >
            <ThumbnailImage
              fallback={<FileImageOutlined className="viewer-strip__icon" aria-hidden />}
              userFileId={file.userFileId}
              access={access}
            />
          </button>
        ))}
      </div>
    </nav>
  );
}
