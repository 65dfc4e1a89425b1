import { Readable } from 'node:stream';
import {
  type Currency,
  fullObjectName,
  OBJECT_EXTENSION,
  OBJECT_LIMITS,
  type ObjectAttachmentKind,
  type ObjectCraft,
  type ObjectDetails,
  type ObjectInfo,
  type ObjectLicence,
  objectMessages,
  tradeMessages,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { CraftService } from '../craft/craft.service.js';
import type { DetachedFiles } from '../drive/detached-files.js';
import { type DriveService, fullPathOf, numberedName } from '../drive/drive.service.js';
import type { AttachmentChecker, CheckedAttachment } from './attachment-check.js';
import { presentObject } from './object.presenter.js';
import type { NewObjectFile, ObjectFileRow, ObjectRecord, ObjectRepository } from './object.repository.js';

/** A file read, checked and written to the blob store, waiting to be attached. */
export interface StagedAttachment extends CheckedAttachment {
  name: string;
  sha256: string;
  size: number;
}

export interface ObjectServiceDeps {
  objects: ObjectRepository;
  detached: DetachedFiles;
  drive: DriveService;
  crafts: Pick<CraftService, 'readable'>;
  blobs: BlobStore;
  checker: AttachmentChecker;
  /** Whether the person may download the object's drawings (free and taken, or bought). */
  entitled(userId: string, objectId: string): Promise<boolean>;
}

const notFound = () => AppError.notFound(objectMessages.notFound);

/** SPEC §5: the object's name may not be empty; the rest of the drive's name rules apply to `{name}.kobj`. */
function objectName(fileName: string | undefined): string {
  const name = (fileName ?? '').trim();
  if (!name) throw AppError.badRequest(objectMessages.nameRequired);
  return name;
}

/**
 * Objects (SPEC §4 object upload): the details are saved first and give the id; drawings and then effect
 * images are attached to it; the price and listing come last. A draft is seen by its owner only, and
 * an object in the owner's recycle bin by nobody but the bin.
 */
export class ObjectService {
  constructor(private readonly deps: ObjectServiceDeps) {
    // A drive copy of an object (a copy, a saved share) copies its details and attachments too.
    deps.drive.copyDetachedWith(OBJECT_EXTENSION, (tx, fromId, toId, ownerId) =>
      deps.objects.copy(tx, fromId, toId, ownerId),
    );
    // Downloaded (as a zip, alone or with others) it is its drawings and effect images in two folders.
    deps.drive.packDetachedWith(OBJECT_EXTENSION, async (entry) => {
      const taken = new Set<string>();
      return (await deps.objects.files(entry.id)).map((file) => {
        const folder = file.kind === 'paper' ? 'drawings' : 'images';
        let path = `${folder}/${file.name}`;
        // Two attachments of one name would overwrite each other when unpacked.
        for (let n = 1; taken.has(path); n++) path = `${folder}/${numberedName(file.name, n, false)}`;
        taken.add(path);
        return {
          path,
          name: path.slice(folder.length + 1),
          sha256: file.sha256,
          size: file.size,
          modified: file.createdAt,
        };
      });
    });
  }

  async create(userId: string, details: ObjectDetails): Promise<string> {
    const name = objectName(details.fileName);
    const crafts = await this.craftSnapshots(userId, details.craftIds);
    return this.deps.detached.create(
      userId,
      { parentId: details.folderId, name: fullObjectName(name) },
      async (tx, entry) => {
        await this.deps.objects.insert(tx, { id: entry.id, ownerId: userId, ...detailColumns(details), crafts });
        return entry.id;
      },
    );
  }

  /** Changes the details; a new name or folder renames or moves the drive entry (名称已经存在 on a clash). */
  async update(userId: string, id: string, details: ObjectDetails): Promise<ObjectInfo> {
    const found = await this.mine(userId, id);
    const name = fullObjectName(objectName(details.fileName));
    const folderId = details.folderId === undefined ? undefined : details.folderId === '0' ? null : details.folderId;
    const renamed = name !== found.entry.name;
    const moved = folderId !== undefined && folderId !== found.entry.parentId;
    if (renamed || moved) {
      await this.deps.drive.renameOrMove(userId, id, {
        name: renamed ? name : undefined,
        parentId: moved ? folderId : undefined,
      });
    }
    const crafts = details.craftIds ? await this.craftSnapshots(userId, details.craftIds) : undefined;
    await this.deps.objects.update(this.deps.objects.db, userId, id, {
      ...detailColumns(details),
      ...(crafts ? { crafts } : {}),
    });
    return this.info(userId, id);
  }

  /** To the recycle bin, as any drive entry (restorable from there). */
  async remove(userId: string, ids: string[]): Promise<number> {
    const mine = await this.deps.objects.mineAmong(userId, ids);
    if (mine.length !== new Set(ids).size) throw notFound();
    return this.deps.drive.remove(userId, mine, 1);
  }

  /** Mine in any state, or someone's listed one. */
  async get(userId: string, id: string): Promise<ObjectInfo> {
    const found = (await this.deps.objects.findMine(userId, id)) ?? (await this.deps.objects.findListed(id));
    if (!found) throw notFound();
    const entitled = found.object.ownerId !== userId && (await this.deps.entitled(userId, id));
    return presentObject(found, await this.deps.objects.files(id), userId, entitled);
  }

  /** SPEC §7 checkUnique: is `{fileName}.kobj` free in the folder (besides the object `exceptId`)? */
  async isNameFree(userId: string, folderId: string | undefined, fileName: string, exceptId?: string) {
    const name = fullObjectName(objectName(fileName));
    return this.deps.drive.isNameFree(userId, folderId === '0' ? null : folderId, name, exceptId);
  }

  /** Where the object lies in my drive (SPEC §7 getEnginePath). */
  async enginePath(userId: string, id: string) {
    const { entry } = await this.mine(userId, id);
    return { id, folderId: entry.parentId ?? '0', filePath: entry.parentPath, fullPath: fullPathOf(entry) };
  }

  /**
   * Reads, checks and stores one uploaded file (before it belongs to anything: an attachment that never
   * gets attached is collected with the drive's unreferenced blobs).
   */
  async stage(kind: ObjectAttachmentKind, name: string, bytes: Uint8Array): Promise<StagedAttachment> {
    const checked = await this.deps.checker.check(kind, name, bytes);
    const blob = await this.deps.blobs.put(Readable.from([bytes]), { expectedSize: bytes.length });
    await this.deps.drive.noteStored([blob]);
    return { ...checked, name, sha256: blob.sha256, size: blob.size };
  }

  /** Fails early (before files are read) when the object is not mine or the count is already too high. */
  async assertAttachable(userId: string, id: string, kind: ObjectAttachmentKind, count: number): Promise<void> {
    await this.mine(userId, id);
    if (count > limitOf(kind)) throw AppError.badRequest(objectMessages.tooMany);
  }

  /**
   * SPEC §7 upload/paper and upload/preview: the kind's list becomes the kept attachments (ids of this
   * object and kind, in the order given) followed by the new ones. One transaction under the owner's
   * drive lock; the object's size in the drive follows, charged to the quota.
   */
  async attach(
    userId: string,
    id: string,
    kind: ObjectAttachmentKind,
    keep: string[],
    added: StagedAttachment[],
  ): Promise<ObjectInfo> {
    if (new Set(keep).size + added.length > limitOf(kind)) throw AppError.badRequest(objectMessages.tooMany);
    await this.deps.detached.change(userId, id, async (tx, entry) => {
      if (entry.extendName !== OBJECT_EXTENSION) throw notFound();
      const current = await this.deps.objects.files(id, tx);
      const ofKind = new Set(current.filter((f) => f.kind === kind).map((f) => f.id));
      const kept = [...new Set(keep)];
      if (kept.some((fileId) => !ofKind.has(fileId))) throw AppError.badRequest(objectMessages.unknownAttachment);
      const rows: NewObjectFile[] = added.map(({ name, sha256, size, format, width, height }) => ({
        name,
        sha256,
        size,
        format,
        width,
        height,
      }));
      const after = await this.deps.objects.replaceFiles(tx, id, kind, kept, rows);
      const counts = countOf(after);
      await this.deps.objects.update(tx, userId, id, {
        paperCount: counts.paper,
        previewCount: counts.preview,
        formats: [...new Set(after.filter((f) => f.kind === 'paper').map((f) => f.format))],
        // An object that lost all its drawings or effect images leaves the shop until it has them again.
        ...(counts.paper === 0 || counts.preview === 0 ? { listed: false } : {}),
      });
      return { size: after.reduce((sum, f) => sum + f.size, 0), result: undefined };
    });
    return this.info(userId, id);
  }

  /** SPEC §7 savePrice: the price (minor units) and currency, and whether the shop offers it. */
  async savePrice(
    userId: string,
    id: string,
    input: { price: number; currency: Currency; listed: boolean },
  ): Promise<ObjectInfo> {
    const found = await this.mine(userId, id);
    if (!Number.isSafeInteger(input.price) || input.price < 0 || input.price > OBJECT_LIMITS.priceMax) {
      throw AppError.badRequest(objectMessages.badPrice);
    }
    if (input.listed && (found.object.paperCount === 0 || found.object.previewCount === 0)) {
      throw AppError.badRequest(objectMessages.notReady);
    }
    await this.deps.objects.update(this.deps.objects.db, userId, id, {
      price: input.price,
      currency: input.currency,
      listed: input.listed,
      listedAt: input.listed ? (found.object.listedAt ?? new Date()) : null,
    });
    return this.info(userId, id);
  }

  /**
   * An attachment's bytes for the caller: the owner sees all; others see the effect images of a listed
   * object, and its drawings once they took it (free) or bought it. A refused drawing of a listed
   * object says to buy it first (403); anything else the caller may not see is not found.
   */
  async attachment(userId: string, fileId: string): Promise<ObjectFileRow> {
    const file = await this.deps.objects.file(fileId);
    if (!file) throw notFound();
    if (await this.deps.objects.findMine(userId, file.objectId)) return file;
    if (await this.deps.entitled(userId, file.objectId)) return file;
    const listed = await this.deps.objects.findListed(file.objectId);
    if (listed && file.kind === 'preview') return file;
    if (listed) throw new AppError(403, tradeMessages.notEntitled, { code: 403 });
    throw notFound();
  }

  /**
   * An attachment whose picture the caller may see: any of mine or of an object I took, and every
   * drawing and effect image of a listed object (a picture, unlike the drawing itself, gives nothing
   * away that the object page does not show).
   */
  async pictured(userId: string, fileId: string): Promise<ObjectFileRow> {
    const file = await this.deps.objects.file(fileId);
    if (!file) throw notFound();
    if (await this.deps.objects.findMine(userId, file.objectId)) return file;
    if (await this.deps.objects.findListed(file.objectId)) return file;
    if (await this.deps.entitled(userId, file.objectId)) return file;
    throw notFound();
  }

  async info(userId: string, id: string): Promise<ObjectInfo> {
    const found = await this.mine(userId, id);
    return presentObject(found, await this.deps.objects.files(id), userId);
  }

  private async mine(userId: string, id: string): Promise<ObjectRecord> {
    const found = await this.deps.objects.findMine(userId, id);
    if (!found) throw notFound();
    return found;
  }

  /** The crafts as buyers will see them: standard ones or the designer's own, copied as they are now. */
  private async craftSnapshots(userId: string, ids: string[] | undefined): Promise<ObjectCraft[]> {
    const wanted = [...new Set(ids ?? [])];
    if (wanted.length === 0) return [];
    const crafts = await this.deps.crafts.readable(userId, wanted);
    if (crafts.length !== wanted.length) throw AppError.badRequest(objectMessages.unknownCraft);
    const byId = new Map(crafts.map((c) => [c.id, c]));
    return wanted.map((craftId) => {
      const c = byId.get(craftId)!;
      return {
        id: c.id,
        name: c.name,
        material: c.material,
        thickness: c.thickness ?? null,
        laserType: c.laserType,
        powerClass: c.powerClass,
        machineModel: c.machineModel ?? '',
        passes: c.passes,
      };
    });
  }
}

function limitOf(kind: ObjectAttachmentKind): number {
  return kind === 'paper' ? OBJECT_LIMITS.papersMax : OBJECT_LIMITS.previewsMax;
}

function countOf(files: ObjectFileRow[]) {
  return {
    paper: files.filter((f) => f.kind === 'paper').length,
    preview: files.filter((f) => f.kind === 'preview').length,
  };
}

/** The detail columns a save sets; absent fields keep their value. */
function detailColumns(details: ObjectDetails) {
  const columns: {
    origin?: string;
    description?: string;
    tags?: string[];
    material?: string;
    machine?: string;
    licence?: ObjectLicence;
  } = {};
  if (details.origin !== undefined) columns.origin = details.origin;
  if (details.description !== undefined) columns.description = details.description.trim();
  if (details.tags !== undefined) columns.tags = [...new Set(details.tags.map((t) => t.trim()).filter(Boolean))];
  if (details.material !== undefined) columns.material = details.material.trim();
  if (details.machine !== undefined) columns.machine = details.machine.trim();
  if (details.licence !== undefined) columns.licence = details.licence;
  return columns;
}
