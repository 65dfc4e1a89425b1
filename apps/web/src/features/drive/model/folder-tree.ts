import { compareNames } from '@kerf/contract';
import type { FolderNode } from '../../../api/drive-api';

/** The virtual root the tree hangs from (SPEC §3). */
export const ROOT_FOLDER: FolderNode = {
  id: '0',
  label: '/',
  name: '/',
  filePath: '/',
  path: '/',
  parentId: null,
  children: [],
};

export function findFolder(
  root: FolderNode | undefined,
  wanted: (node: FolderNode) => boolean,
): FolderNode | undefined {
  if (!root) return undefined;
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (wanted(node)) return node;
    stack.push(...node.children);
  }
  return undefined;
}

export const folderByPath = (root: FolderNode | undefined, path: string) =>
  findFolder(root, (node) => (node.id === '0' ? path === '/' : node.path === path));

export const folderById = (root: FolderNode | undefined, id: string) => findFolder(root, (node) => node.id === id);

/** Ids of the folders from the root down to `path` (for expanding the tree to the open folder). */
export function ancestorIds(root: FolderNode | undefined, path: string): string[] {
  const ids: string[] = [];
  let node = root;
  while (node) {
    ids.push(node.id);
    if (node.path === path) break;
    node = node.children.find((child) => path === child.path || path.startsWith(`${child.path}/`));
  }
  return ids;
}

/** A folder and its descendants with their paths rebased from `from` onto `to`. */
function rebased(node: FolderNode, from: string, to: string): FolderNode {
  const path = to + node.path.slice(from.length);
  return { ...node, path, filePath: path, children: node.children.map((child) => rebased(child, from, to)) };
}

const byName = (a: FolderNode, b: FolderNode) => compareNames(a.name, b.name);

/**
 * The tree as it is after a change the server just accepted, so the side panel shows it at once
 * rather than after the refetch that follows. Pure: the cached tree is never changed in place.
 */
export function renameFolderInTree(root: FolderNode, id: string, name: string): FolderNode {
  const node = folderById(root, id);
  if (!node || id === '0') return root;
  const parentPath = node.path.slice(0, node.path.lastIndexOf('/'));
  const renamed = { ...rebased(node, node.path, `${parentPath}/${name}`), name, label: name };
  const walk = (at: FolderNode): FolderNode =>
    at.children.some((child) => child.id === id)
      ? { ...at, children: at.children.map((child) => (child.id === id ? renamed : child)).sort(byName) }
      : { ...at, children: at.children.map(walk) };
  return walk(root);
}

/** Takes the folders out of the tree (deleted, or about to be put elsewhere). */
export function removeFoldersFromTree(root: FolderNode, ids: readonly string[]): FolderNode {
  const gone = new Set(ids);
  const walk = (at: FolderNode): FolderNode => ({
    ...at,
    children: at.children.filter((child) => !gone.has(child.id)).map(walk),
  });
  return walk(root);
}

/** Puts the folders (with everything below them) under the target; unknown ids are left alone. */
export function moveFoldersInTree(root: FolderNode, ids: readonly string[], targetId: string): FolderNode {
  const target = folderById(root, targetId);
  if (!target) return root;
  const moving = ids
    .map((id) => folderById(root, id))
    .filter((node): node is FolderNode => !!node && node.id !== '0')
    // a folder cannot go into itself or below itself: the server refuses, so the tree stays
    .filter((node) => !(target.path === node.path || target.path.startsWith(`${node.path}/`)));
  if (!moving.length) return root;
  const base = target.id === '0' ? '' : target.path;
  const placed = moving.map((node) => ({
    ...rebased(node, node.path, `${base}/${node.name}`),
    parentId: target.id,
  }));
  const without = removeFoldersFromTree(
    root,
    moving.map((node) => node.id),
  );
  const walk = (at: FolderNode): FolderNode =>
    at.id === target.id
      ? { ...at, children: [...at.children, ...placed].sort(byName) }
      : { ...at, children: at.children.map(walk) };
  return walk(without);
}
