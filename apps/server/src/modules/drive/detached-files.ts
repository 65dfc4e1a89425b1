import { driveMessages, extensionOf, joinPath } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import { type DriveRepository, type EntryRow, isNameClash, type Tx } from './drive.repository.js';
import { checkName } from './drive.service.js';

/**
 * Drive files whose content lives in another module's rows rather than one blob (an object: drawings
 * and effect images). The entry has no blob; its size is what the other rows hold, charged to the
 * quota like any file's, so the drive's lists, moves, bin, purge and quota treat it as a file.
 */
export class DetachedFiles {
  constructor(private readonly repo: DriveRepository) {}

  /**
   * A new empty entry in a folder (the root for '0' or none); `within` runs in the same transaction,
   * so the module's own row comes with it or not at all. A taken name is 名称已经存在.
   */
  async create<T>(
    userId: string,
    input: { parentId?: string | null; name: string },
    within: (tx: Tx, entry: EntryRow) => Promise<T>,
  ): Promise<T> {
    const name = checkName(input.name, 'file');
    return this.repo
      .withTreeLock(userId, async (tx) => {
        let parent: { id: string | null; path: string } = { id: null, path: '/' };
        if (input.parentId && input.parentId !== '0') {
          const folder = await this.repo.findLive(userId, input.parentId, tx);
          if (!folder?.isDir) throw AppError.notFound(driveMessages.notFound);
          parent = { id: folder.id, path: joinPath(folder.parentPath, folder.name) };
        }
        if (await this.repo.nameTaken(userId, parent.id, name, { tx })) {
          throw AppError.conflict(driveMessages.nameExists);
        }
        await this.repo.ensureAccount(userId, tx);
        const entry = await this.repo.insert(tx, {
          userId,
          parentId: parent.id,
          parentPath: parent.path,
          name,
          isDir: false,
          extendName: extensionOf(name),
        });
        await this.repo.countChildren(tx, userId, parent.id, 1);
        return within(tx, entry);
      })
      .catch((err) => {
        throw isNameClash(err) ? AppError.conflict(driveMessages.nameExists) : err;
      });
  }

  /**
   * Changes a live entry's content under the owner's tree lock: `work` changes the module's rows and
   * answers the entry's new size; the difference is charged to (or given back to) the quota, and the
   * whole is undone when the quota cannot take it (存储空间不足).
   */
  async change<T>(
    userId: string,
    id: string,
    work: (tx: Tx, entry: EntryRow) => Promise<{ size: number; result: T }>,
  ): Promise<T> {
    return this.repo.withTreeLock(userId, async (tx) => {
      const entry = await this.repo.findLive(userId, id, tx);
      if (!entry || entry.isDir || entry.blobSha256) throw AppError.notFound(driveMessages.notFound);
      const { size, result } = await work(tx, entry);
      const delta = size - entry.fileSize;
      if (delta > 0 && !(await this.repo.referenceBlobs(tx, userId, [], delta))) {
        throw new AppError(413, driveMessages.quotaExceeded, { code: 413 });
      }
      if (delta < 0) await this.repo.releaseBlobs(tx, userId, [{ sha: null, size: -delta }]);
      await this.repo.update(tx, userId, id, { fileSize: size, updatedAt: new Date() });
      return result;
    });
  }
}
