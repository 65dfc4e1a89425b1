import {
  compareNames,
  EXTRACTION_CODE_LENGTH,
  isShareExpired,
  joinPath,
  SHARE_LIMITS,
  SHARE_LINK_CODE_LENGTH,
  SHARE_TYPE,
  type ShareBatch,
  type ShareInfo,
  type ShareType,
  shareMessages,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { Cache } from '../../infra/cache/cache.js';
import { KeyGenerations } from '../../infra/cache/key-generation.js';
import { type DriveRepository, type EntryRow, isNameClash, type SortKey } from '../drive/drive.repository.js';
import { type DriveService, fullPathOf, type StoredFile } from '../drive/drive.service.js';
import type { ShareRepository, ShareRow } from './share.repository.js';
import { normaliseCode, randomShareCode, sameCode } from './share-codes.js';

/** A share someone may read: found, not expired, and its code given when it has one. */
export interface OpenShare {
  share: ShareRow;
  /** The live entries it names. */
  items: EntryRow[];
}

/** An entry of a share as the public sees it: where it sits inside the share, not in the owner's drive. */
export interface SharedEntry {
  entry: EntryRow;
  /** The share-relative folder holding it: '/' for the entries the share names. */
  filePath: string;
  /** '0' for the entries the share names, else the folder holding it. */
  folderId: string;
}

type Page = { page: number; limit: number; sort: SortKey; order: 'asc' | 'desc' };

const notFound = () => AppError.notFound(shareMessages.notFound);
const entryNotFound = () => AppError.notFound(shareMessages.notFound);
const expired = () => new AppError(410, shareMessages.expired, { code: 410 });
const locked = (leftMs: number) =>
  new AppError(423, shareMessages.locked, { code: 423, args: [Math.max(1, Math.ceil(leftMs / 60_000))] });
const HOW_MANY_FILES_LISTED = 5;

/** Where an entry of the owner's drive sits in a share, or null when the share does not reach it. */
export function placeInShare(items: EntryRow[], entry: EntryRow): SharedEntry | null {
  for (const item of items) {
    if (item.id === entry.id) return { entry, filePath: '/', folderId: '0' };
  }
  for (const item of items) {
    if (!item.isDir) continue;
    const root = fullPathOf(item);
    if (entry.parentPath === root || entry.parentPath.startsWith(`${root}/`)) {
      return {
        entry,
        filePath: `/${item.name}${entry.parentPath.slice(root.length)}`,
        folderId: entry.parentId ?? '0',
      };
    }
  }
  return null;
}

/** The share's own entries in the list's order: folders first, then by the chosen column. */
function sortItems(items: EntryRow[], page: Pick<Page, 'sort' | 'order'>): EntryRow[] {
  const key: Record<SortKey, (e: EntryRow) => string | number> = {
    name: (e) => e.name,
    size: (e) => e.fileSize,
    type: (e) => e.extendName,
    time: (e) => e.createdAt.getTime(),
  };
  const by = key[page.sort];
  const sign = page.order === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
    const x = by(a);
    const y = by(b);
    const c = typeof x === 'string' ? compareNames(x, y as string) : x - (y as number);
    return c !== 0 ? sign * c : compareNames(a.name, b.name);
  });
}

/**
 * Share links: the owner makes, lists and ends them; anyone holding a link (and its extraction code)
 * reads what it names, read-only, and can copy it into their own drive. Every id or path a visitor
 * sends is checked to lie inside the share; whatever does not is "not found", like a missing share.
 */
export class ShareService {
  /** Renewed by the owner's unlock, which lifts every visitor's lock at once. */
  private readonly generations: KeyGenerations;

  constructor(
    private readonly shares: ShareRepository,
    private readonly entries: DriveRepository,
    private readonly drive: DriveService,
    private readonly cache: Cache,
    private readonly limits: typeof SHARE_LIMITS = SHARE_LIMITS,
    /** The time expiry is judged by (a test sets it to the exact boundary); visitor locks live in the cache. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.generations = new KeyGenerations(cache);
  }

  // ------------------------------------------------------------------------------------------------
  // The owner

  async create(
    userId: string,
    input: { endTime: Date | null; shareType: ShareType; remarks: string; fileIds: string[] },
  ): Promise<{ shareBatchNum: string; extractionCode: string }> {
    const fileIds = [...new Set(input.fileIds)];
    if (fileIds.length === 0) throw AppError.badRequest(shareMessages.nothingToShare);
    if (!input.endTime) throw AppError.badRequest(shareMessages.endTimeRequired);
    if (isShareExpired(input.endTime, this.now())) throw AppError.badRequest(shareMessages.endTimePast);
    const endTime = input.endTime;
    for (const id of fileIds) {
      if (!(await this.entries.findLive(userId, id))) throw AppError.notFound(shareMessages.notFound);
    }
    const extractionCode = input.shareType === SHARE_TYPE.code ? randomShareCode(EXTRACTION_CODE_LENGTH) : '';
    // 2^79 codes make a clash all but impossible; should one happen, draw again.
    for (let attempt = 0; ; attempt++) {
      const code = randomShareCode(SHARE_LINK_CODE_LENGTH);
      try {
        await this.shares.create(
          {
            userId,
            code,
            shareType: input.shareType,
            extractionCode,
            remarks: input.remarks.trim(),
            endTime,
          },
          fileIds,
        );
        return { shareBatchNum: code, extractionCode };
      } catch (err) {
        if (!isNameClash(err) || attempt >= 3) throw err;
      }
    }
  }

  /** A page of my shares with their first few entries and their state. */
  async listMine(userId: string, page: { page: number; limit: number }) {
    const { rows, total } = await this.shares.listMine(userId, {
      offset: (page.page - 1) * page.limit,
      limit: page.limit,
    });
    const items = await this.shares.liveItems(rows);
    const now = this.now().getTime();
    const list: ShareBatch[] = rows.map((share) => {
      const files = items.get(share.id) ?? [];
      return {
        shareBatchNum: share.code,
        extractionCode: share.extractionCode,
        shareType: share.shareType as ShareType,
        shareTime: share.createdAt.toISOString(),
        endTime: share.endTime.toISOString(),
        expired: isShareExpired(share.endTime, now),
        remarks: share.remarks,
        viewCount: share.viewCount,
        downloadCount: share.downloadCount,
        saveCount: share.saveCount,
        failedAttempts: share.failedAttempts,
        lockedUntil: share.lockedUntil && share.lockedUntil.getTime() > now ? share.lockedUntil.toISOString() : null,
        fileCount: files.length,
        files: files.slice(0, HOW_MANY_FILES_LISTED).map((e) => ({
          userFileId: e.id,
          fileName: e.name,
          extendName: e.extendName,
          isDir: e.isDir ? (1 as const) : (0 as const),
        })),
      };
    });
    return { list, total };
  }

  /** My shared entries with their share (SPEC fileType 8), of one share when `code` is given. */
  async sharedEntries(userId: string, code: string | undefined, page: { page: number; limit: number }) {
    if (code && !(await this.shares.findMine(userId, code))) throw notFound();
    return this.shares.sharedEntries(userId, code, { offset: (page.page - 1) * page.limit, limit: page.limit });
  }

  /** Ends my shares at once; a code that is not one of mine is not found. */
  async cancel(userId: string, codes: string[]): Promise<number> {
    const unique = [...new Set(codes)];
    for (const code of unique) if (!(await this.shares.findMine(userId, code))) throw notFound();
    return this.shares.cancel(userId, unique);
  }

  /** Lifts the lockout of every visitor of my share. */
  async unlock(userId: string, code: string): Promise<void> {
    const shareId = await this.shares.unlock(userId, code);
    if (!shareId) throw notFound();
    await this.generations.renew(`share:${shareId}`);
  }

  // ------------------------------------------------------------------------------------------------
  // Anyone with the link

  /** The share behind a link code: unknown or cancelled is 404, expired is 410, and nothing more is said. */
  private async live(code: string): Promise<ShareRow> {
    const share = await this.shares.findByCode(normaliseCode(code));
    if (!share) throw notFound();
    if (isShareExpired(share.endTime, this.now())) throw expired();
    return share;
  }

  /** What the link's page shows before the code: who shared, until when, whether a code is needed. */
  async info(code: string): Promise<ShareInfo> {
    const share = await this.live(code);
    const [sharer, items] = await Promise.all([this.shares.sharer(share.userId), this.shares.liveItems([share])]);
    await this.shares.count(share.id, 'viewCount');
    return {
      shareBatchNum: share.code,
      shareType: share.shareType as ShareType,
      needsCode: share.shareType === SHARE_TYPE.code,
      sharer,
      shareTime: share.createdAt.toISOString(),
      endTime: share.endTime.toISOString(),
      fileCount: items.get(share.id)?.length ?? 0,
    };
  }

  /**
   * Opens a share for reading. With shareType 1 the extraction code must match (compared in constant
   * time). Wrong codes count against the visitor's address for this share (enough of them shut that
   * visitor out of it for a while; others still get in, and the owner sees it and can lift it) and
   * over every share (enough of them turn the address away from all). A visitor shut out is refused
   * even the right code until the lock ends.
   */
  async open(code: string, extractionCode: string | undefined, ip: string): Promise<OpenShare> {
    const ipKey = `share:fail:ip:${ip}`;
    if (Number((await this.cache.get(ipKey)) ?? 0) >= this.limits.failuresPerIp) {
      throw new AppError(429, shareMessages.tooManyTries, { code: 429 });
    }
    const share = await this.live(code);
    if (share.shareType === SHARE_TYPE.code) {
      const visitor = await this.visitorKeys(share.id, ip);
      const lockLeft = await this.cache.ttl(visitor.lock);
      if (lockLeft !== null) throw locked(lockLeft);
      if (!normaliseCode(extractionCode)) throw AppError.forbidden(shareMessages.codeRequired);
      if (!sameCode(extractionCode ?? '', share.extractionCode)) {
        const [failures] = await Promise.all([
          this.cache.increment(visitor.failures, this.limits.failureWindowMs),
          this.cache.increment(ipKey, this.limits.failureWindowMs),
        ]);
        const locksVisitor = failures >= this.limits.failuresPerShare;
        if (locksVisitor) {
          await this.cache.set(visitor.lock, '1', this.limits.lockMs);
          await this.cache.delete(visitor.failures);
        }
        await this.shares.recordFailure(share.id, {
          windowMs: this.limits.failureWindowMs,
          visitorLockMs: locksVisitor ? this.limits.lockMs : null,
        });
        if (locksVisitor) throw locked(this.limits.lockMs);
        throw AppError.forbidden(shareMessages.codeWrong);
      }
    }
    const items = (await this.shares.liveItems([share])).get(share.id) ?? [];
    return { share, items };
  }

  /** One visitor's keys for one share, under the share's current generation (the owner's unlock renews it). */
  private async visitorKeys(shareId: string, ip: string) {
    const generation = await this.generations.current(`share:${shareId}`);
    return {
      lock: `share:lock:${shareId}:${generation}:${ip}`,
      failures: `share:fail:${shareId}:${generation}:${ip}`,
    };
  }

  /** A live entry of the share's owner, only if the share reaches it. */
  private async inside(open: OpenShare, id: string): Promise<SharedEntry> {
    const entry = await this.entries.findLive(open.share.userId, id);
    const placed = entry && placeInShare(open.items, entry);
    if (!placed) throw entryNotFound();
    return placed;
  }

  /** A shared folder by its share-relative path (`/Plans/2026`); its first part names a shared folder. */
  private async folderAtSharePath(open: OpenShare, path: string): Promise<EntryRow> {
    const [top, ...rest] = path.split('/').filter(Boolean);
    const item = open.items.find((i) => i.isDir && i.name === top);
    if (!item) throw entryNotFound();
    if (rest.length === 0) return item;
    const folder = await this.entries.findFolderByPath(open.share.userId, `${fullPathOf(item)}/${rest.join('/')}`);
    if (!folder) throw entryNotFound();
    return folder;
  }

  /**
   * A page of the share: the entries it names, or (with a folder id or share-relative path) the inside
   * of a shared folder. Paths in the answer are relative to the share.
   */
  async list(open: OpenShare, where: { folderId?: string | null; filePath?: string }, page: Page) {
    const path = (where.filePath ?? '/').replace(/\/+$/, '') || '/';
    let folder: EntryRow | null = null;
    if (where.folderId) {
      const placed = await this.inside(open, where.folderId);
      if (!placed.entry.isDir) throw entryNotFound();
      folder = placed.entry;
    } else if (path !== '/') {
      folder = await this.folderAtSharePath(open, path);
    }
    const offset = (page.page - 1) * page.limit;
    if (!folder) {
      const top = sortItems(open.items, page).slice(offset, offset + page.limit);
      return { filePath: '/', list: top.map((entry) => placeInShare(open.items, entry)!), total: open.items.length };
    }
    const ownerId = open.share.userId;
    const { rows, total } = await this.entries.listFolderPage(ownerId, { id: folder.id }, { ...page, offset });
    const here = placeInShare(open.items, folder)!;
    return {
      filePath: joinPath(here.filePath, folder.name),
      list: rows.map((entry) => placeInShare(open.items, entry)!),
      total,
    };
  }

  /** A file of the share, for download or preview; counts a download unless it is a later range. */
  async file(open: OpenShare, id: string, countAsDownload: boolean): Promise<StoredFile> {
    const { entry } = await this.inside(open, id);
    if (entry.isDir || !entry.blobSha256) throw entryNotFound();
    if (countAsDownload) await this.shares.count(open.share.id, 'downloadCount');
    return entry as StoredFile;
  }

  /** Entries of the share to pack into one zip, each checked to lie inside it. */
  async packList(open: OpenShare, ids: string[]) {
    for (const id of ids) await this.inside(open, id);
    await this.shares.count(open.share.id, 'downloadCount');
    return this.drive.packList(open.share.userId, ids);
  }

  /**
   * Copies shared entries (all the share names, when none are chosen) into a folder of the caller's
   * drive. The copies reference the same blobs, so no byte moves; the caller's quota is charged.
   */
  async save(open: OpenShare, userId: string, ids: string[] | undefined, folderId: string | null) {
    const chosen = ids?.length ? ids : open.items.map((i) => i.id);
    if (chosen.length === 0) throw entryNotFound();
    for (const id of chosen) await this.inside(open, id);
    const copies = await this.drive.copyFrom(open.share.userId, chosen, userId, folderId);
    await this.shares.count(open.share.id, 'saveCount');
    return copies;
  }
}
