import {
  AppstoreOutlined,
  FileImageOutlined,
  LeftOutlined,
  OneToOneOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { downloadLink } from '../model/download-link';
import { type FileAccess, previewUrl } from '../model/file-access';
import { IMAGE_ZOOM, imageViewReducer, initialImageView, zoomLabel } from '../model/image-view';
import { thumbnailStripShown } from '../model/remembered-flag';
import type { ViewerFile } from '../model/viewer-file';
import { isBrowserImage } from '../model/viewer-kind';
import { PageBox } from '../shell/PageBox';
import { TOUCH_SCREEN } from '../shell/touch-screen';
import { useViewerKeys } from '../shell/use-viewer-keys';
import { BarButton, ViewerOverlay } from '../shell/ViewerOverlay';
import './image-viewer.css';
import { ImageStage } from './ImageStage';
import { ThumbnailStrip } from './ThumbnailStrip';

/**
 * The image overlay (SPEC §2, §4, §5, §9): the images of the list one at a time, zoom 1–200 % by
 * wheel and buttons, quarter turns, a page number box, a thumbnail strip that stays as it was left,
 * Left/Right to browse, Escape or a click beside the image to close.
 */
export function ImageViewer({
  images,
  startIndex,
  access,
  onClose,
}: {
  images: readonly ViewerFile[];
  startIndex: number;
  access: FileAccess;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const touch = useMediaQuery(TOUCH_SCREEN);
  const [view, dispatch] = useReducer(imageViewReducer, null, () => initialImageView(startIndex, images.length));
  const [stripShown, setStripShown] = useState(() => thumbnailStripShown.read());
  const image = images[view.index];
  const count = images.length;
  const many = count > 1;

  useViewerKeys((key) => {
    if (key === 'Escape') onClose();
    else if (key === 'ArrowLeft') dispatch({ type: 'previous' });
    else if (key === 'ArrowRight') dispatch({ type: 'next' });
    else if (key === '+' || key === '=') dispatch({ type: 'zoomIn' });
    else if (key === '-') dispatch({ type: 'zoomOut' });
    else return false;
    return true;
  });

  // the neighbours load while this one is looked at, so browsing feels instant
  useEffect(() => {
    if (count < 2) return;
    for (const step of [1, -1]) {
      const near = images[(view.index + step + count) % count];
      if (near && isBrowserImage(near.extendName)) new Image().src = previewUrl(access, near.userFileId);
    }
  }, [view.index, images, count, access]);

  if (!image) return null;

  const toggleStrip = () => {
    thumbnailStripShown.write(!stripShown);
    setStripShown(!stripShown);
  };

  return (
    <ViewerOverlay
      label={t('drive.preview.title', { name: image.fileName })}
      title={image.fileName}
      icon={<FileImageOutlined />}
      meta={
        many ? (
          <PageBox
            page={view.index + 1}
            count={count}
            label={t('viewers.image.pageBox', { count })}
            onGo={(page) => dispatch({ type: 'goTo', page })}
          />
        ) : null
      }
      download={{ url: downloadLink(access, image.userFileId), fileName: image.fileName }}
      fullscreen
      onClose={onClose}
      className="viewer-image"
    >
      <div className="viewer-image__body">
        <div className="viewer-hint" aria-hidden>
          {t(touch ? 'viewers.image.touchHint' : 'viewers.image.hint')}
        </div>
        <ImageStage
          key={image.userFileId}
          file={image}
          access={access}
          view={view}
          dispatch={dispatch}
          onClose={onClose}
        />
        {many ? (
          <>
            <button
              type="button"
              className="viewer-arrow viewer-arrow--previous"
              aria-label={t('viewers.image.previous')}
              onClick={() => dispatch({ type: 'previous' })}
            >
              <LeftOutlined />
            </button>
            <button
              type="button"
              className="viewer-arrow viewer-arrow--next"
              aria-label={t('viewers.image.next')}
              onClick={() => dispatch({ type: 'next' })}
            >
              <RightOutlined />
            </button>
          </>
        ) : null}
        <div className="viewer-tools" role="toolbar" aria-label={t('viewers.image.toolbar')}>
          <BarButton
            label={t('viewers.image.zoomOut')}
            icon={<ZoomOutOutlined />}
            disabled={view.zoom <= IMAGE_ZOOM.min}
            onClick={() => dispatch({ type: 'zoomOut' })}
          />
          <output className="viewer-tools__zoom" aria-label={t('viewers.image.zoomLevel')}>
            {zoomLabel(view.zoom)}
          </output>
          <BarButton
            label={t('viewers.image.zoomIn')}
            icon={<ZoomInOutlined />}
            disabled={view.zoom >= IMAGE_ZOOM.max}
            onClick={() => dispatch({ type: 'zoomIn' })}
          />
          <span className="viewer-tools__divider" aria-hidden />
          <BarButton
            label={t('viewers.image.rotateLeft')}
            icon={<RotateLeftOutlined />}
            onClick={() => dispatch({ type: 'rotateLeft' })}
          />
          <BarButton
            label={t('viewers.image.rotateRight')}
            icon={<RotateRightOutlined />}
            onClick={() => dispatch({ type: 'rotateRight' })}
          />
          <BarButton
            label={t('viewers.image.reset')}
            icon={<OneToOneOutlined />}
            onClick={() => dispatch({ type: 'reset' })}
          />
          {many ? (
            <>
              <span className="viewer-tools__divider" aria-hidden />
              <BarButton
                label={t(stripShown ? 'viewers.image.hideStrip' : 'viewers.image.showStrip')}
                icon={<AppstoreOutlined />}
                pressed={stripShown}
                onClick={toggleStrip}
              />
            </>
          ) : null}
        </div>
      </div>
      {many && stripShown ? (
        <ThumbnailStrip
          images={images}
          current={view.index}
          access={access}
          onPick={(index) => dispatch({ type: 'goTo', page: index + 1 })}
        />
      ) : null}
    </ViewerOverlay>
  );
}
