/** A file chosen for upload with the folders between the drop target and it (`a/b`, '' for none). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** The folder part of `a/b/c.txt` → `a/b`. */
export function folderPart(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : '';
}

/** Files from an <input type=file> (with webkitdirectory, each carries its path inside the folder). */
export function filesFromInput(list: FileList | readonly File[]): PickedFile[] {
  return Array.from(list, (file) => ({ file, relativePath: folderPart(file.webkitRelativePath ?? '') }));
}

/** The part of FileSystemEntry the walk needs, so a test can build a tree without a browser. */
interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath?: string;
}

function isFileEntry(entry: EntryLike): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectoryEntry(entry: EntryLike): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every child of a folder: readEntries answers in batches (about 100 in Chrome) until an empty one. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Walks dropped entries: files as they are, folders down to their last file, paths kept. */
export async function filesFromEntries(entries: readonly EntryLike[], limit = 10_000): Promise<PickedFile[]> {
  const out: PickedFile[] = [];
  const visit = async (entry: EntryLike, parent: string) => {
    if (out.length >= limit) return;
    if (isFileEntry(entry)) {
      out.push({ file: await fileOf(entry), relativePath: parent });
    } else if (isDirectoryEntry(entry)) {
      const here = parent ? `${parent}/${entry.name}` : entry.name;
      for (const child of await childrenOf(entry)) await visit(child, here);
    }
  };
  for (const entry of entries) await visit(entry, '');
  return out;
}

/**
 * What was dropped onto the drive. The entries must be taken synchronously inside the drop handler
 * (the DataTransfer empties once it returns), so call this before any await.
 */
export function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length && entries.every((entry) => entry !== null)) {
    return filesFromEntries(entries as FileSystemEntry[]);
  }
  return Promise.resolve(filesFromInput(Array.from(data.files ?? [])));
}
