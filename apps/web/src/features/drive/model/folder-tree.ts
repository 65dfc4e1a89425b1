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
