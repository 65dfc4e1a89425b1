import { describe, expect, it } from 'vitest';
import { parseOnlyOfficeQuery } from './onlyoffice-query';

const parse = (query: string) => parseOnlyOfficeQuery(new URLSearchParams(query));

describe('parseOnlyOfficeQuery', () => {
  it('opens a file to view or edit, viewing when ot is missing', () => {
    expect(parse('userFileId=abc&ot=edit')).toEqual({ kind: 'open', userFileId: 'abc', ot: 'edit' });
    expect(parse('userFileId=abc')).toEqual({ kind: 'open', userFileId: 'abc', ot: 'detail' });
  });

  it('creates a document with a name, a folder path and an office type', () => {
    expect(parse('ot=add&fileName=Plan&filePath=/jobs&extendName=DOCX&fileUrl=x')).toEqual({
      kind: 'add',
      fileName: 'Plan',
      filePath: '/jobs',
      extendName: 'docx',
      folderId: null,
    });
    expect(parse('ot=add&fileName=Plan&extendName=xlsx&folderId=f1')).toMatchObject({ filePath: '/', folderId: 'f1' });
  });

  it('refuses broken links', () => {
    expect(parse('')).toEqual({ kind: 'invalid' });
    expect(parse('userFileId=abc&ot=print')).toEqual({ kind: 'invalid' });
    expect(parse('ot=add&fileName=Plan&extendName=exe')).toEqual({ kind: 'invalid' });
    expect(parse('ot=add&extendName=docx')).toEqual({ kind: 'invalid' });
  });
});
