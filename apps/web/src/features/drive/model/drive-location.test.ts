import { describe, expect, it } from 'vitest';
import { locationFrom, normalisePath, parentPath, pathSegments, queryOf } from './drive-location';

const params = (query: string) => new URLSearchParams(query);

describe('drive location', () => {
  it('reads the SPEC §2 query with the root as default', () => {
    expect(locationFrom(params(''))).toEqual({ fileType: 0, filePath: '/', folderId: '0' });
    expect(locationFrom(params('fileType=0&filePath=/docs/a/&folderId=x'))).toEqual({
      fileType: 0,
      filePath: '/docs/a',
      folderId: 'x',
    });
    expect(locationFrom(params('fileType=0&filePath=/docs'))).toEqual({ fileType: 0, filePath: '/docs' });
    expect(locationFrom(params('fileType=6&filePath=/docs'))).toEqual({ fileType: 6, filePath: '/' });
    expect(locationFrom(params('fileType=1')).fileType).toBe(1);
    // my shares, and the entries of one share batch
    expect(locationFrom(params('fileType=8'))).toEqual({ fileType: 8, filePath: '/' });
    expect(locationFrom(params('fileType=8&shareBatchNum=b1&filePath=/x'))).toEqual({
      fileType: 8,
      filePath: '/',
      shareBatchNum: 'b1',
    });
    expect(locationFrom(params('fileType=0&shareBatchNum=b1'))).toEqual({ fileType: 0, filePath: '/', folderId: '0' });
    // unknown or not yet drawn views fall back to all files
    expect(locationFrom(params('fileType=7')).fileType).toBe(0);
    expect(locationFrom(params('fileType=42')).fileType).toBe(0);
    expect(locationFrom(params('fileType=abc')).fileType).toBe(0);
  });

  it('writes a location back as a query', () => {
    expect(queryOf({ fileType: 0, filePath: '/', folderId: '0' })).toEqual({ fileType: '0' });
    expect(queryOf({ fileType: 0, filePath: '/a', folderId: 'id1' })).toEqual({
      fileType: '0',
      filePath: '/a',
      folderId: 'id1',
    });
    expect(queryOf({ fileType: 6, filePath: '/' })).toEqual({ fileType: '6' });
    expect(queryOf({ fileType: 8, filePath: '/' })).toEqual({ fileType: '8' });
    expect(queryOf({ fileType: 8, filePath: '/', shareBatchNum: 'b1' })).toEqual({
      fileType: '8',
      shareBatchNum: 'b1',
    });
  });

  it('splits and climbs paths', () => {
    expect(normalisePath('a//b/')).toBe('/a/b');
    expect(normalisePath('/../a')).toBe('/a');
    expect(pathSegments('/a/b')).toEqual([
      { name: 'a', path: '/a' },
      { name: 'b', path: '/a/b' },
    ]);
    expect(pathSegments('/')).toEqual([]);
    expect(parentPath('/a/b')).toBe('/a');
    expect(parentPath('/a')).toBe('/');
    expect(parentPath('/')).toBeNull();
  });
});
