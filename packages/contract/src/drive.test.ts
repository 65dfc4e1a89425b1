import { describe, expect, it } from 'vitest';
import { entryNameProblem, extensionOf, joinPath } from './drive.js';

describe('drive rules', () => {
  it.each([
    ['', 'nameRequired'],
    ['   ', 'nameRequired'],
    ['a'.repeat(255), null],
    ['a'.repeat(256), 'nameTooLong'],
    ['激光切割 图纸.dxf', null],
    ['a/b', 'nameForbiddenChars'],
    ['a\\b', 'nameForbiddenChars'],
    ['what?', 'nameForbiddenChars'],
    ['a|b', 'nameForbiddenChars'],
    ['..', 'nameForbiddenChars'],
  ])('name %j → %s', (name, problem) => {
    expect(entryNameProblem(name)).toBe(problem);
  });

  it('asks for a folder name in folder words', () => {
    expect(entryNameProblem('', 'folder')).toBe('folderNameRequired');
  });

  it('reads extensions and joins paths', () => {
    expect(extensionOf('Plate.DXF')).toBe('dxf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(joinPath('/', 'a')).toBe('/a');
    expect(joinPath('/a', 'b')).toBe('/a/b');
  });
});
