import { CloseOutlined, DownloadOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Tooltip, theme } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { startDownload } from '../../../api/transfer-api';
import './viewer-shell.css';

/** The viewers sit on a dark stage; antd's dark algorithm keeps the controls legible on it. */
export const DARK_THEME = { algorithm: theme.darkAlgorithm };

/**
 * Takes focus while open and hands it back when closed. The page behind is inert meanwhile: Tab
 * stays in the viewer, screen readers read only it, and the page does not scroll under it.
 */
function useModalFocus(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const page = document.getElementById('root');
    const wasInert = page?.inert ?? false;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    if (page) page.inert = true;
    ref.current?.focus({ preventScroll: true });
    return () => {
      document.body.style.overflow = overflow;
      if (page) page.inert = wasInert;
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [ref]);
}

/** A round icon button of the dark bars, labelled for screen readers and with a tooltip. */
export function BarButton({
  label,
  icon,
  onClick,
  disabled,
  pressed,
  className,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  className?: string;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        shape="circle"
        className={className ? `viewer-icon-button ${className}` : 'viewer-icon-button'}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The whole screen for the viewer, and back; the browser's own Escape leaves it too. */
function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(!!target.current && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      if (target.current && document.fullscreenElement === target.current) void document.exitFullscreen();
    };
  }, [target]);
  if (!document.fullscreenEnabled) return null;
  return (
    <BarButton
      label={t(on ? 'viewers.common.exitFullscreen' : 'viewers.common.fullscreen')}
      icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() => {
        if (on) void document.exitFullscreen();
        else void target.current?.requestFullscreen().catch(() => undefined);
      }}
    />
  );
}

/**
 * The full-window frame every overlay viewer shares: a dialog over the page, a bar with the file's
 * name, its place in the list, actions, download and close, and the viewer's own stage below.
 */
export function ViewerOverlay({
  label,
  title,
  icon,
  meta,
  actions,
  download,
  fullscreen = false,
  onClose,
  className,
  children,
  bar = true,
}: {
  /** The dialog's accessible name. */
  label: string;
  title?: ReactNode;
  icon?: ReactNode;
  /** Beside the title: "3 / 12" and the like. */
  meta?: ReactNode;
  actions?: ReactNode;
  download?: { url: string; fileName: string };
  /** Offers the whole screen (the image overlay; video has its own). */
  fullscreen?: boolean;
  onClose(): void;
  className?: string;
  children: ReactNode;
  /** False when the viewer draws its own bar (the PDF viewer). */
  bar?: boolean;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useModalFocus(box);
  return createPortal(
    <ConfigProvider theme={DARK_THEME}>
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={className ? `viewer-overlay ${className}` : 'viewer-overlay'}
      >
        {bar ? (
          <header className="viewer-bar">
            <div className="viewer-bar__title">
              {icon ? <span className="viewer-bar__icon">{icon}</span> : null}
              <span className="viewer-bar__name" title={typeof title === 'string' ? title : undefined}>
                {title}
              </span>
              {meta ? <span className="viewer-bar__meta">{meta}</span> : null}
            </div>
            <div className="viewer-bar__actions">
              {actions}
              {fullscreen ? <FullscreenButton target={box} /> : null}
              {download ? (
                <BarButton
                  label={t('viewers.common.download')}
                  icon={<DownloadOutlined />}
                  onClick={() => startDownload(download.url, download.fileName)}
                />
              ) : null}
              <BarButton label={t('viewers.common.close')} icon={<CloseOutlined />} onClick={onClose} />
            </div>
          </header>
        ) : null}
        {children}
      </div>
    </ConfigProvider>,
    document.body,
  );
}
