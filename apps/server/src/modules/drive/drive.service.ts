import { randomUUID } from 'node:crypto';
import {
  type ClashPolicy,
  driveMessages,
  entryNameProblem,
  extensionOf,
  joinPath,
  type NameClash,
  type RestoreOutcome,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import {
  type DriveRepository,
  type EntryRow,
  type FolderRef,
  isNameClash,
  pgErrorCode,
  type SortKey,
  type Tx,
} from './drive.repository.js';

const ROOT = { id: null, path: '/' } as const;
type Place = { id: string | null; path: string };

/** The folder a list call names: by id ('0' or none: the root), else by full path ('/' is the root). */
function folderRefOf(where: { folderId?: string | null; filePath?: string }): FolderRef {
  if (where.folderId && where.folderId !== '0') return { id: where.folderId };
  if (where.folderId) return 'root';
  const path = (where.filePath ?? '/').replace(/\/+$/, '') || '/';
  return path === '/' ? 'root' : { path };
}

/** The folder an entry is, as a place to put things in. */
function placeOf(folder: EntryRow): Place {
  return { id: folder.id, path: joinPath(folder.parentPath, folder.name) };
}

export function fullPathOf(entry: Pick<EntryRow, 'parentPath' | 'name'>) {
  return joinPath(entry.parentPath, entry.name);
}

/** The name trimmed, or 400 with the SPEC §5 message of the first rule it breaks. */
export function checkName(name: string, kind: 'file' | 'folder'): string {
  const problem = entryNameProblem(name, kind);
  if (problem) throw AppError.badRequest(driveMessages[problem]);
  return name.trim();
}

const notFound = () => AppError.notFound(driveMessages.notFound);
const nameExists = () => AppError.conflict(driveMessages.nameExists);
const quotaExceeded = () => new AppError(413, driveMessages.quotaExceeded, { code: 413 });

/** A file entry with its bytes in the blob store. */
export type StoredFile = EntryRow & { blobSha256: string };

/** The entry if it is a stored file; a folder or nothing is not found. */
function asFile(entry: EntryRow | undefined): StoredFile {
  if (!entry || entry.isDir || !entry.blobSha256) throw notFound();
  return entry as StoredFile;
}

/** `a/b/` → ['a', 'b'], each checked as a folder name; '' → []. */
export function splitRelativePath(path: string | undefined): string[] {
  return (
    (path ?? '')
      .split('/')
      .filter((part) => part.trim())
      // Checked before trimming, as every other name: a tab or newline at either end is refused, not hidden.
      .map((part) => checkName(part, 'folder'))
  );
}

/** `name (1).ext`, `name (2).ext`… for a restored entry whose name was taken meanwhile. */
export function numberedName(name: string, n: number, isDir: boolean): string {
  const ext = isDir ? '' : extensionOf(name);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  return `${base} (${n})${ext ? `.${name.slice(-ext.length)}` : ''}`;
}

/** The entry in the way, as a clash answer names it. */
export function clashOf(entry: EntryRow): NameClash {
  return {
    fileName: entry.name,
    isDir: entry.isDir ? 1 : 0,
    userFileId: entry.id,
    fileSize: entry.fileSize,
    uploadTime: entry.updatedAt.toISOString(),
  };
}

/** How `fileBlob` treats a taken name: fail (名称已经存在), number the new name, or replace the file's content. */
export type FileClash = 'fail' | 'number' | 'replace';

/**
 * An upload's clash decided before anything is filed: either an answer for the client (the clash, and
 * whether it was skipped) or how to file the upload.
 */
export type UploadClashDecision =
  | { answer: { skipUpload: true; skipped: boolean; clash: NameClash } }
  | { answer?: undefined; onClash: 'number' | 'replace' };

/**
 * Folders and files of one person's drive: creation, listing, rename, move, recycle bin. Ids from a
 * client are only ever looked up together with the caller's id, so another person's ids are "not found".
 */
/**
 * Copies the rows another module keeps for a file whose content it holds (see DetachedFiles), when the
 * drive copies that file (a copy, a saved share). Keyed by the file's extension.
 */
export type DetachedCopier = (tx: Tx, fromId: string, toId: string, ownerId: string) => Promise<void>;

/**
 * The files a detached file (see DetachedCopier) stands for in a download: paths below a folder of the
 * entry's name without its extension (`Deer lamp/drawings/arc.dxf`).
 */
export type DetachedPacker = (
  entry: EntryRow,
) => Promise<Array<{ path: string; name: string; sha256: string; size: number; modified: Date }>>;

export class DriveService {
  private readonly detachedCopiers = new Map<string, DetachedCopier>();
  private readonly detachedPackers = new Map<string, DetachedPacker>();

  constructor(private readonly repo: DriveRepository) {}

  /** Files with this extension and no blob have their content copied by `copier`. */
  copyDetachedWith(extension: string, copier: DetachedCopier) {
    this.detachedCopiers.set(extension, copier);
  }

  /** Files with this extension and no blob download (in a zip) as the files `packer` names. */
  packDetachedWith(extension: string, packer: DetachedPacker) {
    this.detachedPackers.set(extension, packer);
  }

  private async folderOrRoot(userId: string, folderId: string | null | undefined, tx?: Tx): Promise<Place> {
    if (!folderId || folderId === '0') return ROOT;
    const folder = await this.repo.findLive(userId, folderId, tx);
    if (!folder?.isDir) throw notFound();
    return placeOf(folder);
  }

  /** The folder at a path ('/' or '/a/b'), or not found. */
  async folderAtPath(userId: string, path: string | undefined): Promise<Place> {
    const clean = (path ?? '/').replace(/\/+$/, '') || '/';
    if (clean === '/') return ROOT;
    const folder = await this.repo.findFolderByPath(userId, clean);
    if (!folder) throw notFound();
    return placeOf(folder);
  }

  async createFolder(userId: string, input: { parentId?: string | null; name: string }): Promise<EntryRow> {
    const name = checkName(input.name, 'folder');
    return this.repo.db
      .transaction(async (tx) => {
        const parent = await this.folderOrRoot(userId, input.parentId, tx);
        const row = await this.repo.insert(tx, {
          userId,
          parentId: parent.id,
          parentPath: parent.path,
          name,
          isDir: true,
        });
        await this.repo.countChildren(tx, userId, parent.id, 1);
        return row;
      })
      .catch((err) => {
        throw isNameClash(err) ? nameExists() : err;
      });
  }

  /**
   * Files a blob that is already in the blob store (an upload's last step, or an instant upload of
   * content stored before) under a name in a folder, charging its size to the quota. A name already
   * taken is 名称已经存在.
   */
  async addFile(
    userId: string,
    input: { parentId?: string | null; name: string; blob: { sha256: string; size: number } },
  ): Promise<EntryRow> {
    return this.fileBlob(userId, { ...input, onClash: 'fail' });
  }

  /**
   * Files a stored blob as an upload does: below the target folder (or the root, if that folder went
   * meanwhile), inside `relativePath`'s folders (created when missing, reused when present), with
   * `name (1)` when the name is taken. `within` runs in the same transaction (the upload's own row goes
   * with it, so a crash never leaves both or neither).
   */
  async fileBlob(
    userId: string,
    input: {
      parentId?: string | null;
      relativePath?: string;
      name: string;
      blob: { sha256: string; size: number };
      onClash?: FileClash;
      within?: (tx: Tx) => Promise<void>;
    },
  ): Promise<EntryRow> {
    const name = checkName(input.name, 'file');
    const folders = splitRelativePath(input.relativePath);
    return this.repo
      .withTreeLock(userId, async (tx) => {
        // An upload whose folder went to the bin meanwhile lands at the root rather than failing.
        let parent = await this.folderOrRoot(userId, input.parentId, tx).catch((err) => {
          if (input.onClash && input.onClash !== 'fail') return ROOT;
          throw err;
        });
        for (const folder of folders) parent = await this.ensureFolder(tx, userId, parent, folder);
        if (input.onClash === 'replace') {
          // Replacing gives the same file new content (its id, shares and place stay), as Cloudreve's
          // overwrite and Nextcloud's new version do; a folder of that name is never replaced by a file.
          const existing = await this.repo.findChild(tx, userId, parent.id, name);
          if (existing && !existing.isDir && existing.blobSha256) {
            const row = await this.swapBlob(tx, userId, existing as StoredFile, input.blob);
            await input.within?.(tx);
            return row;
          }
        }
        let finalName = name;
        if (input.onClash === 'number' || input.onClash === 'replace') {
          for (let n = 1; await this.repo.nameTaken(userId, parent.id, finalName, { tx }); n++) {
            finalName = numberedName(name, n, false);
          }
        }
        if (!(await this.repo.referenceBlobs(tx, userId, [input.blob]))) {
          throw quotaExceeded();
        }
        const row = await this.repo.insert(tx, {
          userId,
          parentId: parent.id,
          parentPath: parent.path,
          name: finalName,
          isDir: false,
          extendName: extensionOf(finalName),
          blobSha256: input.blob.sha256,
          fileSize: input.blob.size,
        });
        await this.repo.countChildren(tx, userId, parent.id, 1);
        await input.within?.(tx);
        return row;
      })
      .catch((err) => {
        throw isNameClash(err) ? nameExists() : err;
      });
  }

  /**
   * Points a file at new content (an editor's save, an online-office version): the new blob gains a
   * reference and its size is charged, the old one loses its reference and is given back. Unless
   * `expected` is still the file's content hash, someone saved in between: 409, with the current hash.
   */
  async replaceBlob(
    userId: string,
    id: string,
    blob: { sha256: string; size: number },
    expected?: string,
  ): Promise<StoredFile> {
    return this.repo.withTreeLock(userId, async (tx) => {
      const entry = asFile(await this.repo.findLive(userId, id, tx));
      if (expected !== undefined && entry.blobSha256 !== expected) {
        throw new AppError(409, driveMessages.changedMeanwhile, {
          code: 409,
          data: { sha256: entry.blobSha256 },
        });
      }
      return this.swapBlob(tx, userId, entry, blob);
    });
  }

  /** The file's content becomes `blob` (the modified time with it); the old blob gives its bytes back. */
  private async swapBlob(
    tx: Tx,
    userId: string,
    entry: StoredFile,
    blob: { sha256: string; size: number },
  ): Promise<StoredFile> {
    if (entry.blobSha256 === blob.sha256) return entry;
    await this.repo.releaseBlobs(tx, userId, [{ sha: entry.blobSha256, size: entry.fileSize }]);
    if (!(await this.repo.referenceBlobs(tx, userId, [blob]))) throw quotaExceeded();
    const row = await this.repo.update(tx, userId, entry.id, {
      blobSha256: blob.sha256,
      fileSize: blob.size,
      updatedAt: new Date(),
      imageWidth: null,
      imageHeight: null,
    });
    return asFile(row);
  }

  /**
   * What an upload does about a name already taken where it goes (`relativePath`'s folders below
   * `parentId`), decided before anything is filed: `ask` and `skip` answer the clash (nothing is made);
   * `replace` and `keepBoth` (the default, numbering as before) say how to file it. No clash, no question.
   */
  async decideUploadClash(
    userId: string,
    input: { parentId: string | null; relativePath: string; name: string; policy?: ClashPolicy },
  ): Promise<UploadClashDecision> {
    const policy = input.policy ?? 'keepBoth';
    if (policy === 'replace') return { onClash: 'replace' };
    if (policy === 'keepBoth') return { onClash: 'number' };
    let place: Place = await this.folderOrRoot(userId, input.parentId).catch(() => ROOT);
    for (const folder of splitRelativePath(input.relativePath)) {
      const child = await this.repo.findChild(this.repo.db, userId, place.id, folder);
      // A folder still to be made holds nothing yet.
      if (!child?.isDir) return { onClash: 'number' };
      place = placeOf(child);
    }
    const existing = await this.repo.findChild(this.repo.db, userId, place.id, input.name);
    if (!existing) return { onClash: 'number' };
    return { answer: { skipUpload: true, skipped: policy === 'skip', clash: clashOf(existing) } };
  }

  /** The live folder `name` in `parent`, created when missing. */
  private async ensureFolder(tx: Tx, userId: string, parent: Place, name: string): Promise<Place> {
    const existing = await this.repo.findChild(tx, userId, parent.id, name);
    if (existing?.isDir) return placeOf(existing);
    if (existing) throw nameExists();
    const row = await this.repo.insert(tx, { userId, parentId: parent.id, parentPath: parent.path, name, isDir: true });
    await this.repo.countChildren(tx, userId, parent.id, 1);
    return placeOf(row);
  }

  /** Content written (or about to be written) to the blob store for entries still to come (see DriveRepository.noteBlobs). */
  noteStored(blobs: Array<{ sha256: string; size: number }>): Promise<void> {
    return this.repo.noteBlobs(blobs);
  }

  /** Refuses, before any byte is sent, a file that would not fit in the user's quota (存储空间不足). */
  async assertRoomFor(userId: string, bytes: number): Promise<void> {
    const account = await this.repo.ensureAccount(userId);
    if (account.usedBytes + bytes > account.quotaBytes) {
      throw quotaExceeded();
    }
  }

  /** Forgets blobs unreferenced since before `before`, calling `drop` to remove each one's bytes. */
  collectBlobs(before: Date, drop: (sha256: string) => Promise<void>, limit = 200): Promise<number> {
    return this.repo.collectBlobs(before, limit, drop);
  }

  /** True when content with this hash and size is recorded as stored. */
  blobKnown(sha256: string, size: number): Promise<boolean> {
    return this.repo.blobKnown(sha256, size);
  }

  async quota(userId: string): Promise<{ usedBytes: number; quotaBytes: number }> {
    const { usedBytes, quotaBytes } = await this.repo.ensureAccount(userId);
    return { usedBytes, quotaBytes };
  }

  async setQuota(userId: string, quotaBytes: number): Promise<void> {
    await this.repo.setQuota(userId, quotaBytes).catch((err) => {
      // foreign_key_violation: no such person.
      throw pgErrorCode(err) === '23503' ? AppError.notFound() : err;
    });
  }

  /** The target folder of an upload, checked: another person's or a deleted folder is not found. */
  async uploadTarget(userId: string, folderId: string | null | undefined): Promise<string | null> {
    return (await this.folderOrRoot(userId, folderId)).id;
  }

  /** A live entry of the user by its full path (`a/b`, `/a/b` and `/a/b/` alike). */
  private entryAtPath(userId: string, path: string): Promise<EntryRow | undefined> {
    return this.repo.findByPath(userId, `/${path.replace(/^\/+|\/+$/g, '')}`);
  }

  /** A live file (not a folder) of the user by its full path, for download. */
  async fileAtPath(userId: string, path: string): Promise<StoredFile> {
    return asFile(await this.entryAtPath(userId, path));
  }

  /** A live file (not a folder) of the user, for download. */
  async file(userId: string, id: string): Promise<StoredFile> {
    return asFile(await this.repo.findLive(userId, id));
  }

  /**
   * Entries to pack into one download: each chosen entry with its live subtree, as paths relative to
   * the folder they were chosen in.
   */
  async packList(userId: string, ids: string[]): Promise<Array<{ path: string; entry: EntryRow }>> {
    const out: Array<{ path: string; entry: EntryRow }> = [];
    const seen = new Set<string>();
    for (const id of ids) {
      const entry = await this.repo.findLive(userId, id);
      if (!entry) throw notFound();
      const base = entry.parentPath;
      const strip = (row: EntryRow) => fullPathOf(row).slice(base === '/' ? 1 : base.length + 1);
      const rows = entry.isDir
        ? [entry, ...(await this.repo.liveSubtree(this.repo.db, userId, fullPathOf(entry)))]
        : [entry];
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        const packer = !row.isDir && !row.blobSha256 ? this.detachedPackers.get(row.extendName) : undefined;
        if (!packer) {
          out.push({ path: strip(row), entry: row });
          continue;
        }
        // A folder named as the entry without its extension, holding the files it stands for.
        const folderName = row.name.slice(0, row.name.length - row.extendName.length - 1);
        const folder = strip(row).slice(0, -row.name.length) + folderName;
        out.push({ path: folder, entry: { ...row, name: folderName, isDir: true } });
        for (const file of await packer(row)) {
          out.push({
            path: `${folder}/${file.path}`,
            entry: {
              ...row,
              name: file.name,
              isDir: false,
              blobSha256: file.sha256,
              fileSize: file.size,
              extendName: extensionOf(file.name),
              updatedAt: file.modified,
            },
          });
        }
      }
    }
    return out;
  }

  /** Empties bin batches deleted before `before` (the retention job); returns how many went. */
  async purgeExpired(before: Date, limit = 100): Promise<number> {
    const batches = await this.repo.expiredBatches(before, limit);
    for (const { userId, batch } of batches) {
      if (batch) await this.purge(userId, [batch]).catch(() => 0);
    }
    return batches.length;
  }

  /** True when `name` is free in the folder (SPEC checkUnique). */
  async isNameFree(userId: string, parentId: string | null | undefined, name: string, exceptId?: string) {
    const parent = await this.folderOrRoot(userId, parentId);
    return !(await this.repo.nameTaken(userId, parent.id, name.trim(), { exceptId }));
  }

  /**
   * A page of a folder (by id, by full path, or the root), in one statement. With `after` (the id of
   * the last entry of the previous page) the page continues from it; a stale one (the entry is gone)
   * falls back to the page number. `nextCursor` is what to send as `after` for the following page.
   */
  async list(
    userId: string,
    where: { folderId?: string | null; filePath?: string },
    page: {
      page: number;
      limit: number;
      sort: SortKey;
      order: 'asc' | 'desc';
      keyword?: string;
      foldersOnly?: boolean;
      after?: string;
    },
  ) {
    const folder = folderRefOf(where);
    const request = { ...page, offset: (page.page - 1) * page.limit };
    let answer = await this.repo.listFolderPage(userId, folder, request);
    if (answer.found && !answer.anchored) {
      answer = await this.repo.listFolderPage(userId, folder, { ...request, after: undefined });
    }
    if (!answer.found) throw notFound();
    const { rows, total } = answer;
    const last = rows.at(-1);
    // More follow unless this page came up short, or (paged by number) it reaches the end.
    const more = rows.length === page.limit && (page.after || request.offset + rows.length < total);
    return { rows, total, nextCursor: more && last ? last.id : null };
  }

  /** Files of one kind (images, video, audio) anywhere in the drive. */
  async listKind(
    userId: string,
    extensions: readonly string[],
    page: { page: number; limit: number; sort: SortKey; order: 'asc' | 'desc'; keyword?: string },
  ) {
    return this.repo.listByExtensions(userId, extensions, { ...page, offset: (page.page - 1) * page.limit });
  }

  async search(userId: string, keyword: string, page: { page: number; limit: number }) {
    const word = keyword.trim();
    if (!word) return { rows: [], total: 0 };
    return this.repo.searchByName(userId, word, { offset: (page.page - 1) * page.limit, limit: page.limit });
  }

  async tree(userId: string) {
    return this.repo.liveFolders(userId);
  }

  async rename(userId: string, id: string, newName: string): Promise<EntryRow> {
    return this.repo
      .withTreeLock(userId, async (tx) => {
        const entry = await this.repo.findLive(userId, id, tx);
        if (!entry) throw notFound();
        let name = checkName(newName, entry.isDir ? 'folder' : 'file');
        if (name === entry.name) return entry;
        // A file whose content another module holds (an object) keeps its extension: it says what the file is.
        if (!entry.isDir && !entry.blobSha256 && this.detachedCopiers.has(entry.extendName)) {
          if (extensionOf(name) !== entry.extendName) name = `${name}.${entry.extendName}`;
          checkName(name, 'file');
        }
        const row = await this.repo.update(tx, userId, id, { name, extendName: entry.isDir ? '' : extensionOf(name) });
        if (entry.isDir) await this.repo.repath(tx, userId, fullPathOf(entry), joinPath(entry.parentPath, name));
        return row!;
      })
      .catch((err) => {
        throw isNameClash(err) ? nameExists() : err;
      });
  }

  /** The SPEC's PUT calls: rename when a name is given, move when a target is given (both, in that order). */
  async renameOrMove(userId: string, id: string, change: { name?: string; parentId?: string | null }) {
    if (change.name !== undefined) await this.rename(userId, id, change.name);
    if (change.parentId !== undefined) await this.move(userId, [id], change.parentId);
    return change.name !== undefined ? 'renamed' : 'moved';
  }

  /** Moves entries into a folder. A folder into itself or below itself is 非法路径; into its own parent, nothing happens. */
  async move(userId: string, ids: string[], targetId: string | null | undefined): Promise<number> {
    return this.repo
      .withTreeLock(userId, async (tx) => {
        const target = await this.folderOrRoot(userId, targetId, tx);
        let moved = 0;
        for (const id of ids) {
          const entry = await this.repo.findLive(userId, id, tx);
          if (!entry) throw notFound();
          if ((entry.parentId ?? null) === target.id) continue;
          const from = fullPathOf(entry);
          if (entry.isDir && (target.path === from || target.path.startsWith(`${from}/`))) {
            throw AppError.badRequest(driveMessages.illegalPath);
          }
          await this.repo.update(tx, userId, id, { parentId: target.id, parentPath: target.path });
          if (entry.isDir) await this.repo.repath(tx, userId, from, joinPath(target.path, entry.name));
          await this.repo.countChildren(tx, userId, entry.parentId, -1);
          await this.repo.countChildren(tx, userId, target.id, 1);
          moved++;
        }
        return moved;
      })
      .catch((err) => {
        throw isNameClash(err) ? nameExists() : err;
      });
  }

  /**
   * Copies entries into a folder: a folder with its live subtree. Rows are new, bytes are shared (each
   * file's blob gains a reference) and the whole copy is charged to the quota at once. A copy into the
   * folder it came from is named `name (1)`; a folder into itself or below is 非法路径.
   */
  async copy(userId: string, ids: string[], targetId: string | null | undefined): Promise<EntryRow[]> {
    return this.copyFrom(userId, ids, userId, targetId);
  }

  /**
   * Copies `ownerId`'s entries into a folder of `userId` (the same person, or one saving a share): the
   * new rows belong to `userId`, who is charged for the bytes; no byte is copied. Names taken in the
   * target become `name (1)`.
   */
  async copyFrom(
    ownerId: string,
    ids: string[],
    userId: string,
    targetId: string | null | undefined,
  ): Promise<EntryRow[]> {
    // The source's lock too: its subtree must not move while it is read.
    return this.repo.withTreeLock([ownerId, userId], async (tx) => {
      const target = await this.folderOrRoot(userId, targetId, tx);
      const copies: EntryRow[] = [];
      for (const id of ids) {
        const entry = await this.repo.findLive(ownerId, id, tx);
        if (!entry) throw notFound();
        const from = fullPathOf(entry);
        if (ownerId === userId && entry.isDir && (target.path === from || target.path.startsWith(`${from}/`))) {
          throw AppError.badRequest(driveMessages.illegalPath);
        }
        let name = entry.name;
        for (let n = 1; await this.repo.nameTaken(userId, target.id, name, { tx }); n++) {
          name = numberedName(entry.name, n, entry.isDir);
        }
        const below = entry.isDir ? await this.repo.liveSubtree(tx, ownerId, from) : [];
        const files = [entry, ...below].filter((r) => !r.isDir);
        const blobs = files.flatMap((r) => (r.blobSha256 ? [{ sha256: r.blobSha256, size: r.fileSize }] : []));
        // Files whose content other rows hold are charged their size too (their blobs are referenced by those rows).
        const detached = files.filter((r) => !r.blobSha256);
        const detachedBytes = detached.reduce((sum, r) => sum + r.fileSize, 0);
        if (files.length && !(await this.repo.referenceBlobs(tx, userId, blobs, detachedBytes))) {
          throw quotaExceeded();
        }
        const to = joinPath(target.path, name);
        const newIds = new Map<string, string>([[entry.id, randomUUID()]]);
        for (const row of below) newIds.set(row.id, randomUUID());
        const now = new Date();
        const fresh = (row: EntryRow) => ({
          ...row,
          id: newIds.get(row.id)!,
          userId,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
          deleteBatchNum: null,
          deleteRoot: false,
        });
        const top = await this.repo.insert(tx, { ...fresh(entry), name, parentId: target.id, parentPath: target.path });
        await this.repo.insertMany(
          tx,
          below.map((row) => ({
            ...fresh(row),
            parentId: newIds.get(row.parentId!)!,
            parentPath: to + row.parentPath.slice(from.length),
          })),
        );
        for (const row of detached) {
          await this.detachedCopiers.get(row.extendName)?.(tx, row.id, newIds.get(row.id)!, userId);
        }
        await this.repo.countChildren(tx, userId, target.id, 1);
        copies.push(top);
      }
      return copies;
    });
  }

  /** Mode 1 moves each entry with its subtree to the bin as one batch; mode 2 removes it for good. */
  async remove(userId: string, ids: string[], mode: 1 | 2): Promise<number> {
    return this.repo.withTreeLock(userId, async (tx) => {
      let count = 0;
      for (const id of ids) {
        const entry = await this.repo.findLive(userId, id, tx);
        if (!entry) throw notFound();
        const batch = randomUUID();
        await this.repo.markDeleted(tx, userId, entry, batch, new Date());
        await this.repo.countChildren(tx, userId, entry.parentId, -1);
        if (mode === 2) await this.repo.purgeBatch(tx, userId, batch);
        count++;
      }
      return count;
    });
  }

  async bin(userId: string, page: { page: number; limit: number }) {
    return this.repo.listBin(userId, { offset: (page.page - 1) * page.limit, limit: page.limit });
  }

  /**
   * Puts batches back where they were. If that folder is gone the entry goes to the root. If its name
   * was taken meanwhile, `onClash` decides: `keepBoth` (the default) makes it `name (1)`; `replace` sends
   * the entry in the way to the bin (so nothing is lost) and restores under the old name; `skip` leaves
   * the batch in the bin; `ask` leaves it there too and reports the clash.
   */
  async restore(userId: string, batches: string[], onClash: ClashPolicy = 'keepBoth'): Promise<RestoreOutcome> {
    return this.repo.withTreeLock(userId, async (tx) => {
      const outcome: RestoreOutcome = { restored: 0, skipped: 0, clashes: [] };
      for (const batch of batches) {
        const root = await this.repo.batchRoot(tx, userId, batch);
        if (!root?.deletedAt) throw notFound();
        const parent = root.parentId ? await this.repo.findLive(userId, root.parentId, tx) : undefined;
        const place: Place = parent?.isDir ? placeOf(parent) : ROOT;
        const inTheWay = await this.repo.findChild(tx, userId, place.id, root.name);
        if (inTheWay && onClash === 'ask') {
          outcome.clashes.push({ ...clashOf(inTheWay), deleteBatchNum: batch });
          continue;
        }
        if (inTheWay && onClash === 'skip') {
          outcome.skipped++;
          continue;
        }
        if (inTheWay && onClash === 'replace') {
          await this.repo.markDeleted(tx, userId, inTheWay, randomUUID(), new Date());
          await this.repo.countChildren(tx, userId, place.id, -1);
        }
        let name = root.name;
        for (let n = 1; await this.repo.nameTaken(userId, place.id, name, { tx }); n++) {
          name = numberedName(root.name, n, root.isDir);
        }
        const from = fullPathOf(root);
        // Re-place and rename while still in the bin, so the name index never sees the old name live twice.
        await this.repo.update(tx, userId, root.id, { name, parentId: place.id, parentPath: place.path });
        await this.repo.clearBatch(tx, userId, batch);
        if (root.isDir) await this.repo.repath(tx, userId, from, joinPath(place.path, name));
        await this.repo.countChildren(tx, userId, place.id, 1);
        outcome.restored++;
      }
      return outcome;
    });
  }

  /** The bin batches of deleted entries chosen by id (the bin lists each batch by its root entry). */
  async batchesOf(userId: string, rootIds: string[]): Promise<string[]> {
    const batches = await this.repo.binBatches(userId, rootIds);
    if (batches.length !== new Set(rootIds).size) throw notFound();
    return batches;
  }

  /** Empties the bin. */
  async emptyBin(userId: string): Promise<number> {
    const batches = await this.repo.binBatches(userId);
    return batches.length ? this.purge(userId, batches) : 0;
  }

  /** Deletes entries named by their full paths (mode 1 to the bin, 2 for good). */
  async removePaths(userId: string, paths: string[], mode: 1 | 2): Promise<number> {
    const ids: string[] = [];
    for (const path of paths) {
      const entry = await this.entryAtPath(userId, path);
      if (!entry) throw notFound();
      ids.push(entry.id);
    }
    return this.remove(userId, ids, mode);
  }

  /** Removes batches from the bin for good (permanent delete, empty bin, retention purge). */
  async purge(userId: string, batches: string[]): Promise<number> {
    return this.repo.withTreeLock(userId, async (tx) => {
      let bytes = 0;
      for (const batch of batches) {
        if (!(await this.repo.batchRoot(tx, userId, batch))) throw notFound();
        bytes += await this.repo.purgeBatch(tx, userId, batch);
      }
      return bytes;
    });
  }

  /** A live folder of the user (or the root for null / '0') as a place: its id and full path. */
  async targetFolder(userId: string, folderId: string | null | undefined): Promise<Place> {
    return this.folderOrRoot(userId, folderId);
  }

  /**
   * Files an unpacked archive in one transaction under the owner's tree lock: its folders (the ones
   * the archive lists and the ones its paths imply) and its files, whose blobs are already stored,
   * below `folderId`, or below a new folder `newFolder` made there (`name (1)` when taken). A top-level
   * name already taken in the target becomes `name (1)`, as a copy does; everything below it is new.
   * The files are charged to the quota at once (413 存储空间不足 when they do not fit, and nothing is
   * filed). Returns where the entries went and how many there are.
   */
  async importTree(
    userId: string,
    target: { folderId: string | null; newFolder?: string },
    entries: Array<{ segments: string[]; blob?: { sha256: string; size: number } }>,
  ): Promise<{ path: string; entries: number }> {
    type Node = {
      id: string;
      name: string;
      parent: Node | null;
      isDir: boolean;
      children: number;
      blob?: { sha256: string; size: number };
    };
    const nodes = new Map<string, Node>();
    const tops: Node[] = [];
    const add = (segments: string[], isDir: boolean, blob?: Node['blob']): Node => {
      const key = segments.join('/');
      const known = nodes.get(key);
      if (known) {
        if (known.isDir !== isDir || !isDir) throw nameExists();
        return known;
      }
      const parent = segments.length > 1 ? add(segments.slice(0, -1), true) : null;
      const node: Node = {
        id: randomUUID(),
        name: checkName(segments.at(-1)!, isDir ? 'folder' : 'file'),
        parent,
        isDir,
        children: 0,
        blob,
      };
      nodes.set(key, node);
      if (parent) parent.children++;
      else tops.push(node);
      return node;
    };
    for (const entry of entries) add(entry.segments, !entry.blob, entry.blob);

    return this.repo
      .withTreeLock(userId, async (tx) => {
        let base = await this.folderOrRoot(userId, target.folderId, tx);
        if (target.newFolder !== undefined) {
          const wanted = checkName(target.newFolder, 'folder');
          let name = wanted;
          for (let n = 1; await this.repo.nameTaken(userId, base.id, name, { tx }); n++)
            name = numberedName(wanted, n, true);
          const folder = await this.repo.insert(tx, {
            userId,
            parentId: base.id,
            parentPath: base.path,
            name,
            isDir: true,
          });
          await this.repo.countChildren(tx, userId, base.id, 1);
          base = placeOf(folder);
        }
        for (const top of tops) {
          const wanted = top.name;
          for (let n = 1; await this.repo.nameTaken(userId, base.id, top.name, { tx }); n++) {
            top.name = numberedName(wanted, n, top.isDir);
          }
        }
        const blobs = [...nodes.values()].flatMap((node) => (node.blob ? [node.blob] : []));
        if (blobs.length && !(await this.repo.referenceBlobs(tx, userId, blobs))) throw quotaExceeded();
        const pathOf = (node: Node | null): string => (node ? joinPath(pathOf(node.parent), node.name) : base.path);
        const depthOf = (node: Node): number => (node.parent ? depthOf(node.parent) + 1 : 0);
        const rows = [...nodes.values()]
          .sort((a, b) => depthOf(a) - depthOf(b))
          .map((node) => ({
            id: node.id,
            userId,
            parentId: node.parent ? node.parent.id : base.id,
            parentPath: pathOf(node.parent),
            name: node.name,
            isDir: node.isDir,
            extendName: node.isDir ? '' : extensionOf(node.name),
            blobSha256: node.blob?.sha256 ?? null,
            fileSize: node.blob?.size ?? 0,
            childCount: node.children,
          }));
        await this.repo.insertMany(tx, rows);
        await this.repo.countChildren(tx, userId, base.id, tops.length);
        return { path: base.path, entries: rows.length };
      })
      .catch((err) => {
        throw isNameClash(err) ? nameExists() : err;
      });
  }
}
