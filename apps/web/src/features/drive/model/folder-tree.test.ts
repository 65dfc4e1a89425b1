import { describe, expect, it } from 'vitest';
import type { FolderNode } from '../../../api/drive-api';
import { ancestorIds, folderById, folderByPath } from './folder-tree';

const node = (id: string, path: string, children: FolderNode[] = []): FolderNode => ({
  id,
  label: path.split('/').at(-1) || '/',
  name: path.split('/').at(-1) || '/',
  filePath: path,
  path,
  parentId: null,
  children,
});

const tree = node('0', '/', [node('a', '/a', [node('ab', '/a/b')]), node('ax', '/ax')]);

describe('folder tree lookups', () => {
  it('finds folders by path and id', () => {
    expect(folderByPath(tree, '/')?.id).toBe('0');
    expect(folderByPath(tree, '/a/b')?.id).toBe('ab');
    expect(folderByPath(tree, '/nope')).toBeUndefined();
    expect(folderById(tree, 'ax')?.path).toBe('/ax');
    expect(folderByPath(undefined, '/')).toBeUndefined();
  });

  it('lists the ancestors of a path', () => {
    expect(ancestorIds(tree, '/a/b')).toEqual(['0', 'a', 'ab']);
    expect(ancestorIds(tree, '/ax')).toEqual(['0', 'ax']);
    expect(ancestorIds(tree, '/')).toEqual(['0']);
  });
});
