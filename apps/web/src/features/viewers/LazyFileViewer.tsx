import { Spin } from 'antd';
import { type CSSProperties, lazy, Suspense } from 'react';
import type { FileViewerProps } from './FileViewer';

const FileViewer = lazy(() => import('./FileViewer'));

/** Inline: the viewers' stylesheet arrives with their chunk. */
const LOADING_STYLE: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1010,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(12, 14, 18, 0.9)',
};

/**
 * The viewers load with the first file opened, not with the drive: the drive's own chunk stays
 * small, and pdf.js loads later still, with the first document.
 */
export function LazyFileViewer(props: FileViewerProps) {
  return (
    <Suspense
      fallback={
        <div style={LOADING_STYLE}>
          <Spin size="large" />
        </div>
      }
    >
      <FileViewer {...props} />
    </Suspense>
  );
}
