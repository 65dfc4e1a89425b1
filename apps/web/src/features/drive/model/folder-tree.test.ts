import { describe, expect, it } from 'vitest';
import type { FolderNode } from '../../../api/drive-api';
import {
  ancestorIds,
  folderById,
  folderByPath,
  moveFoldersInTree,
  removeFoldersFromTree,
  renameFolderInTree,
} from './folder-tree';

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

/** Every node's path, depth first, for comparing whole trees. */
const paths = (root: FolderNode): string[] => [root.path, ...root.children.flatMap(paths)];

describe('folder tree after a change', () => {
  const deep = () =>
    node('0', '/', [
      node('a', '/a', [node('ab', '/a/b', [node('abc', '/a/b/c')])]),
      node('d', '/d'),
      node('ax', '/ax'),
    ]);

  it('renames a folder and moves the paths below it along', () => {
    const before = deep();
    const after = renameFolderInTree(before, 'a', 'z');
    expect(folderById(after, 'a')).toMatchObject({ name: 'z', label: 'z', path: '/z', filePath: '/z' });
    expect(folderById(after, 'abc')?.path).toBe('/z/b/c');
    expect(folderByPath(after, '/a')).toBeUndefined();
    // siblings untouched, and the cached tree itself is not changed
    expect(folderById(after, 'ax')?.path).toBe('/ax');
    expect(paths(before)).toEqual(['/', '/a', '/a/b', '/a/b/c', '/d', '/ax']);
  });

  it('takes deleted folders out with everything below them', () => {
    const after = removeFoldersFromTree(deep(), ['ab', 'd']);
    expect(paths(after)).toEqual(['/', '/a', '/ax']);
  });

  it('moves folders under the target, rebasing their subtrees', () => {
    const after = moveFoldersInTree(deep(), ['ab'], 'd');
    expect(folderById(after, 'ab')).toMatchObject({ path: '/d/b', parentId: 'd' });
    expect(folderById(after, 'abc')?.path).toBe('/d/b/c');
    expect(folderById(after, 'a')?.children).toEqual([]);
    // to the root
    const up = moveFoldersInTree(deep(), ['abc'], '0');
    expect(folderById(up, 'abc')?.path).toBe('/c');
    expect(up.children.map((child) => child.id)).toContain('abc');
  });

  it('leaves the tree as it is for a folder dropped into itself or below itself', () => {
    const before = deep();
    expect(moveFoldersInTree(before, ['a'], 'abc')).toBe(before);
    expect(moveFoldersInTree(before, ['a'], 'a')).toBe(before);
    expect(moveFoldersInTree(before, ['a'], 'nowhere')).toBe(before);
  });
});

describe('folder tree order', () => {
  it('keeps a renamed folder among its siblings in natural order, as the server sorts them', () => {
    const root = node('0', '/', [node('p2', '/plate 2'), node('p10', '/plate 10'), node('x', '/x')]);
    const renamed = renameFolderInTree(root, 'x', 'plate 9');
    expect(renamed.children.map((c) => c.name)).toEqual(['plate 2', 'plate 9', 'plate 10']);
  });
});
