import { describe, expect, it } from 'vitest';
import { filesFromEntries, filesFromInput, folderPart } from './picked-files';

function fileEntry(name: string) {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file: (ok: (f: File) => void) => ok(new File([name], name)),
  };
}

/** A folder whose reader answers in batches of two, like a browser answering in batches of 100. */
function dirEntry(name: string, children: unknown[]) {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader() {
      let at = 0;
      return {
        readEntries(ok: (batch: unknown[]) => void) {
          const batch = children.slice(at, at + 2);
          at += batch.length;
          setTimeout(() => ok(batch), 0);
        },
      };
    },
  };
}

describe('picked files', () => {
  it('walks dropped folders and keeps the folders between the target and each file', async () => {
    const picked = await filesFromEntries([
      fileEntry('top.txt'),
      dirEntry('job', [
        fileEntry('a.dxf'),
        fileEntry('b.dxf'),
        dirEntry('cut', [fileEntry('c.nc')]),
        fileEntry('d.svg'),
      ]),
      dirEntry('empty', []),
    ] as never);
    expect(picked.map((p) => [p.relativePath, p.file.name])).toEqual([
      ['', 'top.txt'],
      ['job', 'a.dxf'],
      ['job', 'b.dxf'],
      ['job/cut', 'c.nc'],
      ['job', 'd.svg'],
    ]);
  });

  it('reads the folder part of an input file path', () => {
    expect(folderPart('job/cut/c.nc')).toBe('job/cut');
    expect(folderPart('c.nc')).toBe('');
    const file = Object.assign(new File(['x'], 'c.nc'), {});
    Object.defineProperty(file, 'webkitRelativePath', { value: 'job/cut/c.nc' });
    expect(filesFromInput([file])).toEqual([{ file, relativePath: 'job/cut' }]);
  });
});
