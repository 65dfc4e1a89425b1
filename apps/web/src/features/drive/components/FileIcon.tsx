import {
  AppstoreFilled,
  CodeFilled,
  CustomerServiceFilled,
  FileExcelFilled,
  FileFilled,
  FileImageFilled,
  FileMarkdownFilled,
  FilePdfFilled,
  FilePptFilled,
  FileWordFilled,
  FileZipFilled,
  FolderFilled,
  HighlightFilled,
  ThunderboltFilled,
  VideoCameraFilled,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { type FileKind, fileKind } from '../model/file-kinds';

/** One icon and colour per kind of file, recognisable at a glance in both the list and the grid. */
const LOOK: Record<FileKind, { icon: ReactNode; colour: string }> = {
  folder: { icon: <FolderFilled />, colour: '#f5b828' },
  image: { icon: <FileImageFilled />, colour: '#13a8a8' },
  video: { icon: <VideoCameraFilled />, colour: '#9254de' },
  audio: { icon: <CustomerServiceFilled />, colour: '#eb2f96' },
  pdf: { icon: <FilePdfFilled />, colour: '#e5483c' },
  word: { icon: <FileWordFilled />, colour: '#2b6fd6' },
  excel: { icon: <FileExcelFilled />, colour: '#1f8f4e' },
  ppt: { icon: <FilePptFilled />, colour: '#e8682f' },
  markdown: { icon: <FileMarkdownFilled />, colour: '#4a5565' },
  code: { icon: <CodeFilled />, colour: '#4a6cf7' },
  archive: { icon: <FileZipFilled />, colour: '#b7791f' },
  drawing: { icon: <HighlightFilled />, colour: '#86a500' },
  gcode: { icon: <ThunderboltFilled />, colour: '#d4380d' },
  object: { icon: <AppstoreFilled />, colour: '#5b8c00' },
  other: { icon: <FileFilled />, colour: '#8c96a5' },
};

export function FileIcon({ entry, size }: { entry: { isDir: 0 | 1; extendName: string }; size: number }) {
  const kind = fileKind(entry);
  const look = LOOK[kind];
  return (
    <span className={`file-icon file-icon--${kind}`} style={{ color: look.colour, fontSize: size }} aria-hidden>
      {look.icon}
    </span>
  );
}
