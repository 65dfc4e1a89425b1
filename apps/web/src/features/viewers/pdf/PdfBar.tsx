import type { ReactNode } from 'react';
import '../shell/viewer-shell.css';
import './pdf-viewer.css';

/** The dark bar over a document: its name, the reader's controls in the middle, actions at the end. */
export function PdfBar({
  icon,
  title,
  controls,
  actions,
  label,
}: {
  icon?: ReactNode;
  title: ReactNode;
  controls?: ReactNode;
  actions?: ReactNode;
  label: string;
}) {
  return (
    <header className="viewer-bar pdf-bar">
      <div className="viewer-bar__title">
        {icon ? <span className="viewer-bar__icon">{icon}</span> : null}
        <span className="viewer-bar__name" title={typeof title === 'string' ? title : undefined}>
          {title}
        </span>
      </div>
      {controls ? (
        <div className="pdf-bar__controls" role="toolbar" aria-label={label}>
          {controls}
        </div>
      ) : null}
      <div className="viewer-bar__actions">{actions}</div>
    </header>
  );
}
