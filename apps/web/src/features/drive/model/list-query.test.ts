import { FILE_TYPE } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { listQueryFor } from './list-query';

const settings = { pageSize: 20, sort: { field: 'size', order: 'desc' } } as const;

describe('list queries', () => {
  it('pages forward through a folder with the cursor the page before answered', () => {
    const folder = { fileType: FILE_TYPE.all, filePath: '/big', folderId: 'f1' };
    expect(listQueryFor(folder, 3, settings, { nextCursor: 'c2' })).toEqual({
      fileType: FILE_TYPE.all,
      folderId: 'f1',
      page: 3,
      limit: 20,
      sort: 'size',
      order: 'desc',
      cursor: 'c2',
    });
    // a jump, or the last page before: by number alone
    expect(listQueryFor(folder, 3, settings)).not.toHaveProperty('cursor');
    expect(listQueryFor(folder, 3, settings, { nextCursor: null })).not.toHaveProperty('cursor');
    expect(listQueryFor({ fileType: FILE_TYPE.all, filePath: '/a' }, 1, settings)).toMatchObject({ filePath: '/a' });
  });

  it('sends no cursor for lists other than folders', () => {
    const bin = { fileType: FILE_TYPE.recycle, filePath: '/' };
    expect(listQueryFor(bin, 2, settings, { nextCursor: 'c1' })).not.toHaveProperty('cursor');
  });
});
