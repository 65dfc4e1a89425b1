import { describe, expect, it } from 'vitest';
import {
  baseOfName,
  finalName,
  firstFreeName,
  isSuggestedName,
  newFileNameProblem,
  numberedName,
  offeredNewFileTypes,
  typeOfName,
  withType,
} from './new-file-name';

describe('a new file name (SPEC §5)', () => {
  it('is required: blank, spaces or an extension alone are 请输入文件名称', () => {
    for (const name of ['', '   ', '.txt', ' .md ', undefined]) {
      expect(newFileNameProblem(name, 'txt'), String(name)).toBe('nameRequired');
    }
  });

  it('is at most 255 characters with its extension', () => {
    expect(newFileNameProblem(`${'a'.repeat(251)}.txt`, 'txt')).toBeNull();
    expect(newFileNameProblem(`${'a'.repeat(252)}.txt`, 'txt')).toBe('nameTooLong');
    // typed without an extension, the picked type's is added and counts
    expect(newFileNameProblem('a'.repeat(251), 'txt')).toBeNull();
    expect(newFileNameProblem('a'.repeat(252), 'md')).toBeNull();
    expect(newFileNameProblem('a'.repeat(253), 'txt')).toBe('nameTooLong');
  });

  it('has none of the characters a name may not have', () => {
    expect(newFileNameProblem('a/b.txt', 'txt')).toBe('nameForbiddenChars');
    expect(newFileNameProblem('<img src=x onerror=alert(1)>.md', 'md')).toBe('nameForbiddenChars');
  });

  it('has no control characters or bidi controls that would disguise it', () => {
    expect(newFileNameProblem('\u202etxt.exe', 'txt')).toBe('nameInvisibleChars');
    expect(newFileNameProblem('notes\u2066x\u2069', 'md')).toBe('nameInvisibleChars');
    expect(newFileNameProblem('a\tb', 'txt')).toBe('nameInvisibleChars');
  });

  it('is created with the extension typed, else the picked type', () => {
    expect(finalName(' notes ', 'txt')).toBe('notes.txt');
    expect(finalName('notes.md', 'txt')).toBe('notes.md');
    expect(finalName('notes.MD', 'txt')).toBe('notes.MD');
    expect(finalName('v1.2', 'docx')).toBe('v1.2.docx');
  });

  it('follows the type picked, and the type follows the extension typed', () => {
    expect(withType('notes.txt', 'md')).toBe('notes.md');
    expect(withType('notes', 'xlsx')).toBe('notes.xlsx');
    expect(withType('v1.2.pptx', 'docx')).toBe('v1.2.docx');
    expect(typeOfName('plan.XLSX')).toBe('xlsx');
    expect(typeOfName('plan.pdf')).toBeNull();
    expect(typeOfName('.md')).toBeNull();
    expect(baseOfName('plan.md')).toBe('plan');
  });

  it('suggests the first free name, numbered as desktops do', async () => {
    expect(numberedName('新建文本文档', 'txt', 1)).toBe('新建文本文档.txt');
    expect(numberedName('新建文本文档', 'txt', 3)).toBe('新建文本文档 (3).txt');
    const taken = new Set(['新建文本文档.txt', '新建文本文档 (2).txt']);
    expect(await firstFreeName('新建文本文档', 'txt', async (name) => !taken.has(name))).toBe('新建文本文档 (3).txt');
    expect(await firstFreeName('x', 'md', async () => false, 3)).toBe('x.md');
    expect(isSuggestedName('新建文本文档 (3).txt', '新建文本文档')).toBe(true);
    expect(isSuggestedName('新建文本文档.txt', '新建文本文档')).toBe(true);
    expect(isSuggestedName('plans.txt', '新建文本文档')).toBe(false);
    expect(isSuggestedName('New (doc) (2).md', 'New (doc)')).toBe(true);
  });
});

describe('offered new-file types', () => {
  it('offers office documents only with a document server', () => {
    expect(offeredNewFileTypes(false)).toEqual(['txt', 'md']);
    expect(offeredNewFileTypes(true)).toEqual(['txt', 'md', 'docx', 'xlsx', 'pptx']);
  });
});
