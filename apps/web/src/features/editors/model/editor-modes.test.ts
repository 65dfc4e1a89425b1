import { describe, expect, it } from 'vitest';
import { CODE_EXTENSIONS, EDITOR_MODE_IDS, EDITOR_MODES, editorModeFor, isMarkdownExtension } from './editor-modes';

describe('editor modes (SPEC §9)', () => {
  it('has every mode the spec names', () => {
    const labels = EDITOR_MODE_IDS.map((id) => EDITOR_MODES[id].label);
    for (const label of [
      'C',
      'C++',
      'C#',
      'Objective-C',
      'Go',
      'Kotlin',
      'CSS',
      'Less',
      'PHP',
      'PowerShell',
      'Python',
      'Properties',
      'R',
      'Rust',
      'SCSS',
      'Sass',
      'Shell',
      'Stylus',
      'XML',
      'HTML',
      'HTTP',
      'Nginx',
      'Java',
      'JavaScript',
      'TypeScript',
      'JSON',
      'JSP',
      'Plain text',
      'Vue',
      'SQL',
      'Swift',
      'YAML',
    ]) {
      expect(labels, label).toContain(label);
    }
  });

  it('chooses the mode by extension', () => {
    const cases: Array<[string, string]> = [
      ['c', 'c'],
      ['h', 'c'],
      ['cpp', 'cpp'],
      ['ino', 'cpp'],
      ['cs', 'csharp'],
      ['m', 'objectivec'],
      ['go', 'go'],
      ['kt', 'kotlin'],
      ['css', 'css'],
      ['less', 'less'],
      ['php', 'php'],
      ['ps1', 'powershell'],
      ['py', 'python'],
      ['properties', 'properties'],
      ['ini', 'properties'],
      ['r', 'r'],
      ['rs', 'rust'],
      ['scss', 'scss'],
      ['sass', 'sass'],
      ['sh', 'shell'],
      ['styl', 'stylus'],
      ['xml', 'xml'],
      ['html', 'html'],
      ['htm', 'html'],
      ['http', 'http'],
      ['conf', 'nginx'],
      ['java', 'java'],
      ['js', 'javascript'],
      ['jsx', 'javascript'],
      ['ts', 'typescript'],
      ['tsx', 'typescript'],
      ['json', 'json'],
      ['jsp', 'jsp'],
      ['txt', 'text'],
      ['vue', 'vue'],
      ['sql', 'sql'],
      ['swift', 'swift'],
      ['yml', 'yaml'],
      ['md', 'markdown'],
      ['markdown', 'markdown'],
      ['gcode', 'gcode'],
      ['nc', 'gcode'],
    ];
    for (const [ext, mode] of cases) expect(editorModeFor(ext), ext).toBe(mode);
  });

  it('treats yaml as yml, ignores case and a leading dot', () => {
    expect(editorModeFor('yaml')).toBe(editorModeFor('yml'));
    expect(editorModeFor('.TS')).toBe('typescript');
    expect(editorModeFor(' Py ')).toBe('python');
  });

  it('falls back to plain text for anything else', () => {
    for (const ext of ['', 'xyz', 'dxf', null, undefined]) expect(editorModeFor(ext)).toBe('text');
  });

  it('gives each extension one mode only', () => {
    const all = EDITOR_MODE_IDS.flatMap((id) => EDITOR_MODES[id].extensions);
    expect(new Set(all).size).toBe(all.length);
    for (const ext of all) expect(ext).toBe(ext.toLowerCase());
  });

  it('sends markdown to the markdown editor only', () => {
    expect(isMarkdownExtension('md')).toBe(true);
    expect(isMarkdownExtension('MARKDOWN')).toBe(true);
    expect(isMarkdownExtension('txt')).toBe(false);
    expect(isMarkdownExtension('')).toBe(false);
  });

  it('lists the drive code kind without markdown and G-code', () => {
    expect(CODE_EXTENSIONS).toContain('ts');
    expect(CODE_EXTENSIONS).toContain('yaml');
    expect(CODE_EXTENSIONS).toContain('txt');
    expect(CODE_EXTENSIONS).not.toContain('md');
    expect(CODE_EXTENSIONS).not.toContain('gcode');
  });
});

describe('the drive and the editor agree', () => {
  it('gives every extension of the table a drive kind that opens in the editor', async () => {
    const { fileKind, isOnlineEditable } = await import('../../drive/model/file-kinds');
    for (const id of EDITOR_MODE_IDS) {
      for (const ext of EDITOR_MODES[id].extensions) {
        const kind = fileKind({ isDir: 0, extendName: ext });
        expect(kind, ext).toBe(id === 'markdown' ? 'markdown' : id === 'gcode' ? 'gcode' : 'code');
        expect(isOnlineEditable(ext), ext).toBe(true);
      }
    }
  });
});
