import { FileImageOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { type Dispatch, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileAccess, previewUrl, thumbnailUrl } from '../model/file-access';
import { fitScale, type ImageViewAction, type ImageViewState } from '../model/image-view';
import type { ViewerFile } from '../model/viewer-file';
import { isBrowserImage } from '../model/viewer-kind';
import { useElementSize } from '../shell/use-element-size';

/** Pixels per wheel "line" and "page", for mice that report those instead of pixels. */
const LINE_PX = 33;
const PAGE_PX = 400;
/** A press that moves less than this is a click, not a drag. */
const DRAG_SLOP_PX = 4;
/** A touch that travels this far sideways is a swipe to the next or previous image. */
const SWIPE_PX = 60;
/** Two taps this close in time and place are a double tap (zoom in, or back to 100 %). */
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_PX = 30;

/**
 * One image on the stage: fitted at 100 %, then zoomed, turned and dragged as the state says. The
 * wheel zooms; a click on the empty stage around the image closes the overlay (SPEC §4). On a touch
 * screen two fingers pinch to zoom, a sideways swipe turns the page and a double tap zooms.
 */
export function ImageStage({
  file,
  access,
  view,
  dispatch,
  onClose,
}: {
  file: ViewerFile;
  access: FileAccess;
  view: ImageViewState;
  dispatch: Dispatch<ImageViewAction>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const size = useElementSize(stage);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [dragging, setDragging] = useState(false);
  const press = useRef<{
    x: number;
    y: number;
    travelled: number;
    startX: number;
    startY: number;
    touch: boolean;
  } | null>(null);
  const dragged = useRef(false);
  /** Fingers on the image, for the pinch; the pinch's start while two are down. */
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; from: number } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  /** When a finger last touched: the browser's own double click after a double tap is not a second one. */
  const touchedAt = useRef(-Infinity);
  const direct = isBrowserImage(file.extendName);
  const src = direct ? previewUrl(access, file.userFileId) : thumbnailUrl(access, file.userFileId);

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? PAGE_PX : 1;
      dispatch({ type: 'wheel', deltaY: event.deltaY * unit });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [dispatch]);

  const fingerSpread = () => {
    const [a, b] = [...fingers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: PointerEvent<HTMLImageElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    if (event.pointerType === 'touch') {
      touchedAt.current = event.timeStamp;
      fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (fingers.current.size === 2) {
        // a second finger: a pinch from here, no longer a drag or a swipe
        pinch.current = { distance: fingerSpread(), from: view.zoom };
        press.current = null;
        lastTap.current = null;
        setDragging(false);
        return;
      }
    }
    press.current = {
      x: event.clientX,
      y: event.clientY,
      travelled: 0,
      startX: event.clientX,
      startY: event.clientY,
      touch: event.pointerType === 'touch',
    };
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLImageElement>) => {
    if (fingers.current.has(event.pointerId))
      fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pinching = pinch.current;
    if (pinching) {
      if (fingers.current.size >= 2 && pinching.distance > 0) {
        dispatch({ type: 'pinch', from: pinching.from, scale: fingerSpread() / pinching.distance });
      }
      return;
    }
    const at = press.current;
    if (!at) return;
    const dx = event.clientX - at.x;
    const dy = event.clientY - at.y;
    at.travelled += Math.abs(dx) + Math.abs(dy);
    at.x = event.clientX;
    at.y = event.clientY;
    if (at.travelled >= DRAG_SLOP_PX) {
      if (!dragging) setDragging(true);
      dispatch({ type: 'pan', dx, dy });
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLImageElement>) => {
    fingers.current.delete(event.pointerId);
    if (pinch.current) {
      // the pinch ends with its first finger up; the other one lifting later is neither a tap nor a swipe
      if (fingers.current.size < 2) pinch.current = null;
      return;
    }
    const at = press.current;
    dragged.current = (at?.travelled ?? 0) >= DRAG_SLOP_PX;
    press.current = null;
    setDragging(false);
    if (at?.touch && at.travelled < DRAG_SLOP_PX) {
      const last = lastTap.current;
      const near = last && Math.hypot(event.clientX - last.x, event.clientY - last.y) <= DOUBLE_TAP_PX;
      if (last && near && event.timeStamp - last.at <= DOUBLE_TAP_MS) {
        lastTap.current = null;
        dispatch({ type: 'toggleZoom' });
      } else {
        lastTap.current = { at: event.timeStamp, x: event.clientX, y: event.clientY };
      }
      return;
    }
    // on a phone, a sideways swipe over an image that is not zoomed in turns the page
    if (!at?.touch || Math.round(view.zoom) > 100) return;
    const dx = event.clientX - at.startX;
    const dy = event.clientY - at.startY;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) dispatch({ type: dx < 0 ? 'next' : 'previous' });
  };

  // 100 % is the image fitted to the stage; an image without a size of its own (some SVG) fills most of it
  const box = natural ?? { width: size.width * 0.8, height: size.height * 0.8 };
  const fit = fitScale(box, size, view.rotation);
  const transform = `translate(${view.offset.x}px, ${view.offset.y}px) rotate(${view.rotation}deg) scale(${view.zoom / 100})`;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: Escape closes from the keyboard; the click is the pointer's way out
    <div
      ref={stage}
      className="viewer-image__stage"
      onClick={(event) => {
        if (event.target === event.currentTarget && !dragged.current) onClose();
        dragged.current = false;
      }}
    >
      {failed ? (
        <div className="viewer-notice" role="alert">
          <FileImageOutlined className="viewer-notice__icon" aria-hidden />
          <div className="viewer-notice__title">{t('viewers.image.failed')}</div>
          <div className="viewer-notice__text">{t('viewers.image.failedHint')}</div>
        </div>
      ) : (
        <img
          key={src}
          src={src}
          alt={file.fileName}
          draggable={false}
          className={dragging ? 'viewer-image__img is-dragging' : 'viewer-image__img'}
          style={natural ? { width: box.width * fit, height: box.height * fit, transform } : { opacity: 0 }}
          onLoad={(event) => {
            const img = event.currentTarget;
            setNatural(
              img.naturalWidth > 0 && img.naturalHeight > 0
                ? { width: img.naturalWidth, height: img.naturalHeight }
                : { width: Math.max(1, size.width * 0.8), height: Math.max(1, size.height * 0.8) },
            );
          }}
          onError={() => setFailed(true)}
          onDoubleClick={(event) => {
            // a double tap was handled as it happened
            if (event.timeStamp - touchedAt.current > 1000) dispatch({ type: 'toggleZoom' });
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      )}
      {!natural && !failed ? <Spin size="large" className="viewer-image__spin" delay={150} /> : null}
      {!direct && !failed ? (
        <div className="viewer-image__note">
          {t('viewers.image.fromThumbnail', { ext: file.extendName.toUpperCase() })}
        </div>
      ) : null}
    </div>
  );
}
