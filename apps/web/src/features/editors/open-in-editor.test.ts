import { describe, expect, it } from 'vitest';
import { onlyofficeEditPath, opensAsMarkdown, opensInEditor } from './open-in-editor';

const file = (extendName: string) => ({ isDir: 0 as const, extendName });

describe('which files the editors open', () => {
  it('opens text, code, markdown and G-code, not folders, drawings or media', () => {
    for (const ext of ['txt', 'ts', 'yaml', 'md', 'gcode', 'nc', 'conf', 'JSON'])
      expect(opensInEditor(file(ext)), ext).toBe(true);
    for (const ext of ['png', 'dxf', 'zip', 'docx', 'pdf', '']) expect(opensInEditor(file(ext)), ext).toBe(false);
    expect(opensInEditor({ isDir: 1, extendName: 'md' })).toBe(false);
  });

  it('opens markdown in the markdown editor', () => {
    expect(opensAsMarkdown(file('md'))).toBe(true);
    expect(opensAsMarkdown(file('txt'))).toBe(false);
  });
});

describe('office online edit', () => {
  it('goes to the OnlyOffice page to edit', () => {
    expect(onlyofficeEditPath('a b')).toBe('/onlyoffice?userFileId=a+b&ot=edit');
  });
});
