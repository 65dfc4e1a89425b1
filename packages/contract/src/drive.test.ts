import { describe, expect, it } from 'vitest';
import { compareNames, entryNameProblem, extensionOf, joinPath } from './drive.js';

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
    ['a\u0000b', 'nameInvisibleChars'],
    ['a\tb', 'nameInvisibleChars'],
    ['name\n', 'nameInvisibleChars'],
    ['a\u007fb', 'nameInvisibleChars'],
    ['a\u0085b', 'nameInvisibleChars'],
    ['\u202egpj.exe', 'nameInvisibleChars'],
    ['\u202aa', 'nameInvisibleChars'],
    ['\u2066a\u2069', 'nameInvisibleChars'],
    ['\u200ea', 'nameInvisibleChars'],
    ['\u200fa', 'nameInvisibleChars'],
    ['עברית.txt', null],
    ['a\u200db.txt', null],
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

describe('natural name order', () => {
  it('compares numbers by value and letters before their case, as the server lists sort', () => {
    expect(['part-10', 'Part-9', 'part-9', 'part-1', 'Beta', 'alpha'].sort(compareNames)).toEqual([
      'alpha',
      'Beta',
      'part-1',
      'part-9',
      'Part-9',
      'part-10',
    ]);
  });
});
