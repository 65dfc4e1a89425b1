/**
 * The code editor's modes (SPEC §9) and which file extensions open in each (SPEC §3 "extension-to-editor-mode
 * mapping"). This table is the one source: the drive's code kind and its "online edit" rule read their
 * extensions from here, and the editor picks its highlighter by the mode found here.
 */
export interface EditorMode {
  /** The name people know the language by; shown in the editor's status bar. */
  label: string;
  /** Lower-case, without the dot. An extension belongs to exactly one mode. */
  extensions: readonly string[];
}

export const EDITOR_MODES = {
  c: { label: 'C', extensions: ['c', 'h'] },
  cpp: { label: 'C++', extensions: ['cpp', 'cc', 'cxx', 'hpp', 'hh', 'hxx', 'ino'] },
  csharp: { label: 'C#', extensions: ['cs'] },
  objectivec: { label: 'Objective-C', extensions: ['m', 'mm'] },
  go: { label: 'Go', extensions: ['go'] },
  kotlin: { label: 'Kotlin', extensions: ['kt', 'kts'] },
  css: { label: 'CSS', extensions: ['css'] },
  less: { label: 'Less', extensions: ['less'] },
  php: { label: 'PHP', extensions: ['php', 'phtml'] },
  powershell: { label: 'PowerShell', extensions: ['ps1', 'psm1', 'psd1'] },
  python: { label: 'Python', extensions: ['py', 'pyw'] },
  properties: { label: 'Properties', extensions: ['properties', 'ini', 'cfg'] },
  r: { label: 'R', extensions: ['r'] },
  rust: { label: 'Rust', extensions: ['rs'] },
  scss: { label: 'SCSS', extensions: ['scss'] },
  sass: { label: 'Sass', extensions: ['sass'] },
  shell: { label: 'Shell', extensions: ['sh', 'bash', 'zsh'] },
  stylus: { label: 'Stylus', extensions: ['styl'] },
  xml: { label: 'XML', extensions: ['xml', 'xsd', 'xsl', 'plist'] },
  html: { label: 'HTML', extensions: ['html', 'htm', 'xhtml'] },
  http: { label: 'HTTP', extensions: ['http'] },
  nginx: { label: 'Nginx', extensions: ['conf', 'nginx'] },
  java: { label: 'Java', extensions: ['java'] },
  javascript: { label: 'JavaScript', extensions: ['js', 'mjs', 'cjs', 'jsx'] },
  typescript: { label: 'TypeScript', extensions: ['ts', 'mts', 'cts', 'tsx'] },
  json: { label: 'JSON', extensions: ['json'] },
  jsp: { label: 'JSP', extensions: ['jsp'] },
  text: { label: 'Plain text', extensions: ['txt', 'text', 'log', 'csv'] },
  vue: { label: 'Vue', extensions: ['vue'] },
  sql: { label: 'SQL', extensions: ['sql'] },
  swift: { label: 'Swift', extensions: ['swift'] },
  // SPEC §9: yaml is treated as yml
  yaml: { label: 'YAML', extensions: ['yml', 'yaml'] },
  toml: { label: 'TOML', extensions: ['toml'] },
  markdown: { label: 'Markdown', extensions: ['md', 'markdown'] },
  // the machines' own language: what a laser or CNC controller runs
  gcode: { label: 'G-code', extensions: ['gcode', 'nc', 'gc', 'ngc', 'tap'] },
} as const satisfies Record<string, EditorMode>;

export type EditorModeId = keyof typeof EDITOR_MODES;

export const EDITOR_MODE_IDS = Object.keys(EDITOR_MODES) as EditorModeId[];

const BY_EXTENSION: ReadonlyMap<string, EditorModeId> = new Map(
  EDITOR_MODE_IDS.flatMap((id) => EDITOR_MODES[id].extensions.map((ext) => [ext, id] as const)),
);

/** The mode a file opens in, by its extension (any case, with or without the dot); plain text otherwise. */
export function editorModeFor(extendName: string | null | undefined): EditorModeId {
  const ext = (extendName ?? '').trim().toLowerCase().replace(/^\./, '');
  return BY_EXTENSION.get(ext) ?? 'text';
}

/** True when the extension has a mode of its own (plain-text extensions such as txt and log included). */
export function hasEditorMode(extendName: string | null | undefined): boolean {
  return BY_EXTENSION.has((extendName ?? '').trim().toLowerCase().replace(/^\./, ''));
}

/** Markdown opens in the markdown editor (preview beside the text) rather than the code editor. */
export function isMarkdownExtension(extendName: string | null | undefined): boolean {
  return editorModeFor(extendName) === 'markdown';
}

/**
 * The drive's "code" kind (SPEC §3): every extension of the table except markdown and G-code, which
 * the drive shows as kinds of their own.
 */
export const CODE_EXTENSIONS: readonly string[] = EDITOR_MODE_IDS.filter(
  (id) => id !== 'markdown' && id !== 'gcode',
).flatMap((id) => EDITOR_MODES[id].extensions);
