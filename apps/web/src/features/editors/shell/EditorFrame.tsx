import { ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const DARK = { algorithm: theme.darkAlgorithm };

/**
 * The editors' full-window frame: a dialog over the page with a bar (the file on the left, the tools on
 * the right), the editor, and a status line. The frame follows the editor theme, light or dark, as a
 * desktop editor's chrome does. Focus goes in when it opens and back where it was when it closes.
 */
export function EditorFrame({
  label,
  dark,
  title,
  tools,
  actions,
  status,
  busy,
  children,
}: {
  /** The dialog's accessible name: the file's name. */
  label: string;
  dark: boolean;
  title: ReactNode;
  /** The editor's options: beside the title, or on a row of their own on a phone. */
  tools: ReactNode;
  /** Save and close: always at the top right. */
  actions: ReactNode;
  status?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    if (!box.current?.contains(document.activeElement)) box.current?.focus({ preventScroll: true });
    return () => {
      document.body.style.overflow = overflow;
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  const frame = (
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={-1}
      className={dark ? 'editor-frame is-dark' : 'editor-frame'}
    >
      <header className="editor-frame__bar">
        <div className="editor-frame__title">{title}</div>
        <div className="editor-frame__tools">{tools}</div>
        <div className="editor-frame__actions">{actions}</div>
      </header>
      <div className="editor-frame__body">{children}</div>
      {status ? <footer className="editor-frame__status">{status}</footer> : null}
    </div>
  );
  return createPortal(dark ? <ConfigProvider theme={DARK}>{frame}</ConfigProvider> : frame, document.body);
}
