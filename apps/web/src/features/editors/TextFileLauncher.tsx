import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import type { TextFileOverlayProps } from './TextFileOverlay';
import './editors.css';

/** CodeMirror, its languages and the markdown renderer load with the first file opened, not with the drive. */
const TextFileOverlay = lazy(() => import('./TextFileOverlay'));

/** While the editor's code loads: the same full-window frame, empty, with a spinner. */
function Opening() {
  return createPortal(
    <div className="editor-frame is-opening" aria-busy="true">
      <div className="editor-frame__center">
        <Spin size="large" />
      </div>
    </div>,
    document.body,
  );
}

/** The code or markdown editor over the page, for a file of the drive or of a share. */
export function TextFileEditor(props: TextFileOverlayProps) {
  return (
    <Suspense fallback={<Opening />}>
      <TextFileOverlay {...props} />
    </Suspense>
  );
}
