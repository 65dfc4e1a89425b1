import { AUDIO_EXTENSIONS, IMAGE_EXTENSIONS, OBJECT_EXTENSION, VIDEO_EXTENSIONS } from '@kerf/contract';
import { CODE_EXTENSIONS as EDITOR_CODE_EXTENSIONS } from '../../editors/model/editor-modes';

/** SPEC §3 extension groups: office and markdown as named there, code as the editor's modes (§9). */
export const OFFICE_EXTENSIONS = ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const MARKDOWN_EXTENSIONS = ['markdown', 'md'] as const;
/** The editor's mode table is the one source (SPEC §3 extension-to-editor-mode mapping). */
export const CODE_EXTENSIONS = EDITOR_CODE_EXTENSIONS;
/** SPEC §5: unzip is offered for these (tgz being a gz of a tar). */
export const ARCHIVE_EXTENSIONS = ['zip', 'rar', '7z', 'tar', 'gz', 'tgz'] as const;
/** Laser drawings and machine files: the drive's everyday content. */
export const DRAWING_EXTENSIONS = ['dxf', 'dwg', 'plt', 'ai', 'eps', 'cdr', 'dst', 'lbrn', 'lbrn2'] as const;
export const GCODE_EXTENSIONS = ['nc', 'gcode', 'gc', 'ngc', 'tap'] as const;

export type FileKind =
  | 'folder'
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'word'
  | 'excel'
  | 'ppt'
  | 'markdown'
  | 'code'
  | 'archive'
  | 'drawing'
  | 'gcode'
  /** An object of the drawing library: drawings with effect images. */
  | 'object'
  | 'other';

const has = (list: readonly string[], ext: string) => list.includes(ext);

export function fileKind(entry: { isDir: 0 | 1 | boolean; extendName: string }): FileKind {
  if (entry.isDir) return 'folder';
  const ext = (entry.extendName ?? '').toLowerCase();
  if (has(IMAGE_EXTENSIONS, ext)) return 'image';
  if (has(VIDEO_EXTENSIONS, ext)) return 'video';
  if (has(AUDIO_EXTENSIONS, ext)) return 'audio';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'word';
  if (ext === 'xls' || ext === 'xlsx') return 'excel';
  if (ext === 'ppt' || ext === 'pptx') return 'ppt';
  if (has(MARKDOWN_EXTENSIONS, ext)) return 'markdown';
  if (has(ARCHIVE_EXTENSIONS, ext)) return 'archive';
  if (has(DRAWING_EXTENSIONS, ext)) return 'drawing';
  if (has(GCODE_EXTENSIONS, ext)) return 'gcode';
  if (ext === OBJECT_EXTENSION) return 'object';
  if (has(CODE_EXTENSIONS, ext)) return 'code';
  return 'other';
}

/** Word, Excel and PowerPoint files: edited on a document server, previewed as PDF. */
export function isOfficeFile(extendName: string): boolean {
  return has(OFFICE_EXTENSIONS, extendName.toLowerCase());
}

export function isOnlineEditable(extendName: string): boolean {
  const ext = extendName.toLowerCase();
  return (
    has(OFFICE_EXTENSIONS, ext) ||
    has(MARKDOWN_EXTENSIONS, ext) ||
    has(CODE_EXTENSIONS, ext) ||
    has(GCODE_EXTENSIONS, ext)
  );
}

export function isArchive(extendName: string): boolean {
  return has(ARCHIVE_EXTENSIONS, extendName.toLowerCase());
}

/** Kinds a viewer shows (features/viewers): images, video, audio, PDF, and office documents as PDF. */
export function isPreviewable(kind: FileKind): boolean {
  return (
    kind === 'image' ||
    kind === 'video' ||
    kind === 'audio' ||
    kind === 'pdf' ||
    kind === 'word' ||
    kind === 'excel' ||
    kind === 'ppt'
  );
}
