import { type FolderNode, joinPath } from '@kerf/contract';
import type { EntryRow } from './drive.repository.js';
import { fullPathOf } from './drive.service.js';

/** A row as the SPEC §3 entry: both the drive's and the folder dialog's field names. */
export function presentEntry(row: EntryRow) {
  return {
    userFileId: row.id,
    id: row.id,
    folderId: row.parentId ?? '0',
    fileName: row.name,
    name: row.name,
    extendName: row.extendName,
    filePath: row.parentPath,
    path: fullPathOf(row),
    isDir: row.isDir ? (1 as const) : (0 as const),
    fileSize: row.fileSize,
    // the list's 修改日期 / Modified: when the content last changed (an upload, a save), not when it first came
    uploadTime: row.updatedAt.toISOString(),
    deleteTime: row.deletedAt?.toISOString() ?? null,
    deleteBatchNum: row.deleteBatchNum,
    deleteFlag: row.deletedAt ? 1 : 0,
    childCount: row.childCount,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
  };
}

/**
 * Where `keyword` occurs in the name, as [start, end) character ranges: the web marks them up itself,
 * so a name is never sent as HTML.
 */
export function highlightRanges(name: string, keyword: string): Array<[number, number]> {
  const word = keyword.trim().toLowerCase();
  if (!word) return [];
  const ranges: Array<[number, number]> = [];
  const lower = name.toLowerCase();
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + word.length)) {
    ranges.push([at, at + word.length]);
  }
  return ranges;
}

type Folder = { id: string; name: string; parentId: string | null; parentPath: string };

/** One folder as a tree node, without its children. */
export function folderNode(f: Folder): FolderNode {
  const path = joinPath(f.parentPath, f.name);
  return { id: f.id, label: f.name, name: f.name, filePath: path, path, parentId: f.parentId ?? '0', children: [] };
}

/** The folder tree under the virtual root node 0 named '/'. */
export function folderTree(folders: Folder[]): FolderNode {
  const root: FolderNode = { id: '0', label: '/', name: '/', filePath: '/', path: '/', parentId: null, children: [] };
  const nodes = new Map<string, FolderNode>(folders.map((f) => [f.id, folderNode(f)]));
  for (const f of folders) {
    const node = nodes.get(f.id)!;
    (f.parentId ? (nodes.get(f.parentId) ?? root) : root).children.push(node);
  }
  return root;
}
