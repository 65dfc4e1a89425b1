import { AUDIO_EXTENSIONS, IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from '@kerf/contract';

/** SPEC §3 extension groups: office and markdown as named there, code as the editor's modes (§9). */
export const OFFICE_EXTENSIONS = ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const MARKDOWN_EXTENSIONS = ['markdown', 'md'] as const;
export const CODE_EXTENSIONS = [
  'c',
  'h',
  'cpp',
  'hpp',
  'cc',
  'cs',
  'm',
  'go',
  'kt',
  'css',
  'less',
  'php',
  'ps1',
  'py',
  'properties',
  'r',
  'rs',
  'scss',
  'sass',
  'sh',
  'bash',
  'styl',
  'xml',
  'html',
  'htm',
  'http',
  'conf',
  'java',
  'js',
  'mjs',
  'jsx',
  'ts',
  'tsx',
  'json',
  'jsp',
  'txt',
  'log',
  'ini',
  'vue',
  'sql',
  'swift',
  'yaml',
  'yml',
  'toml',
  'csv',
] as const;
/** SPEC §5: unzip is offered for these. */
export const ARCHIVE_EXTENSIONS = ['zip', 'rar', '7z', 'tar', 'gz'] as const;
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
  if (has(CODE_EXTENSIONS, ext)) return 'code';
  return 'other';
}

export function isOnlineEditable(extendName: string): boolean {
  const ext = extendName.toLowerCase();
  return has(OFFICE_EXTENSIONS, ext) || has(MARKDOWN_EXTENSIONS, ext) || has(CODE_EXTENSIONS, ext);
}

export function isArchive(extendName: string): boolean {
  return has(ARCHIVE_EXTENSIONS, extendName.toLowerCase());
}

/** Kinds the drive can show in the page itself (the browser plays or draws them). */
export function isPreviewable(kind: FileKind): boolean {
  return kind === 'image' || kind === 'video' || kind === 'audio';
}
