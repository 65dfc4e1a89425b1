import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type AudioInfo,
  driveMessages,
  extensionOf,
  type FileContent,
  joinPath,
  NEW_FILE_TYPES,
  type NewFileType,
  previewMessages,
  TEXT_EDIT_MAX_BYTES,
} from '@kerf/contract';
import mime from 'mime';
import { parseStream, selectCover } from 'music-metadata';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { DriveRepository, EntryRow } from '../drive/drive.repository.js';
import { checkName, type DriveService, type StoredFile } from '../drive/drive.service.js';
import { parseLrc } from './lrc.js';
import { emptyDocument } from './new-files.js';

/** Whose drive a file is read from, and which of its entries the reader may see (a share sees less). */
export interface ReadScope {
  ownerId: string;
  canRead(entry: EntryRow): boolean;
}

/** Lyrics files bigger than this are not read. */
const LRC_MAX_BYTES = 1024 * 1024;
/** Covers bigger than this are left out of the answer. */
const COVER_MAX_BYTES = 2 * 1024 * 1024;

async function readBlob(blobs: BlobStore, sha256: string, limit: number): Promise<Buffer> {
  const read = await blobs.get(sha256, { start: 0, end: limit - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of read.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Text as people save it: UTF-8 (with or without a byte-order mark), UTF-16 with a mark, or the
 * Chinese GB 18030 that older Windows editors write. Bytes with NUL in them are not text.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 8192).includes(0)) throw AppError.badRequest(previewMessages.notText);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Reading and writing file contents for the viewers and editors. */
export class PreviewService {
  constructor(
    private readonly deps: {
      drive: DriveService;
      entries: DriveRepository;
      blobs: BlobStore;
    },
  ) {}

  /** Tags, cover and duration read from the file; lyrics from `name.lrc` beside it, when readable. */
  async audioInfo(scope: ReadScope, file: StoredFile): Promise<AudioInfo> {
    const read = await this.deps.blobs.get(file.blobSha256);
    let meta: Awaited<ReturnType<typeof parseStream>> | null = null;
    try {
      meta = await parseStream(
        read.stream,
        { mimeType: mime.getType(file.name) ?? undefined, size: file.fileSize, path: file.name },
        { duration: false, skipPostHeaders: true },
      );
    } catch {
      // Untagged or unknown audio: the player still plays it, with the file name as title.
    } finally {
      read.stream.destroy();
    }
    const cover = selectCover(meta?.common.picture);
    const duration = meta?.format.duration ?? 0;
    const base = file.name.slice(0, file.name.length - (file.extendName ? file.extendName.length + 1 : 0));
    let lyrics = await this.sidecarLyrics(scope, file, `${base}.lrc`, duration);
    if (lyrics.length === 0 && meta?.common.lyrics?.length) {
      const embedded = meta.common.lyrics.map((l) => (typeof l === 'string' ? l : (l.text ?? ''))).join('\n');
      lyrics = parseLrc(embedded, duration);
    }
    return {
      title: meta?.common.title ?? base,
      artist: meta?.common.artist ?? '',
      album: meta?.common.album ?? '',
      albumImage:
        cover && cover.data.length <= COVER_MAX_BYTES
          ? `data:${cover.format};base64,${Buffer.from(cover.data).toString('base64')}`
          : null,
      duration,
      lyrics,
    };
  }

  private async sidecarLyrics(scope: ReadScope, file: StoredFile, name: string, duration: number) {
    const lrc = await this.deps.entries.findByPath(scope.ownerId, joinPath(file.parentPath, name));
    if (!lrc || lrc.isDir || !lrc.blobSha256 || lrc.fileSize > LRC_MAX_BYTES || !scope.canRead(lrc)) return [];
    const bytes = await readBlob(this.deps.blobs, lrc.blobSha256, LRC_MAX_BYTES);
    return parseLrc(decodeText(bytes), duration);
  }

  /** A text file's content for the code and markdown editors. */
  async content(file: StoredFile): Promise<FileContent> {
    if (file.fileSize > TEXT_EDIT_MAX_BYTES) throw AppError.badRequest(previewMessages.tooLargeToEdit);
    const bytes =
      file.fileSize === 0 ? Buffer.alloc(0) : await readBlob(this.deps.blobs, file.blobSha256, file.fileSize);
    return {
      userFileId: file.id,
      fileName: file.name,
      extendName: file.extendName,
      text: decodeText(bytes),
      sha256: file.blobSha256,
      fileSize: file.fileSize,
    };
  }

  /**
   * Saves new text (UTF-8) over a file of mine, if it still holds what the editor opened (`sha256`);
   * otherwise 409 and nothing changes.
   */
  async save(userId: string, id: string, text: string, expected: string): Promise<StoredFile> {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > TEXT_EDIT_MAX_BYTES) throw AppError.badRequest(previewMessages.tooLargeToEdit);
    const current = await this.deps.drive.file(userId, id);
    if (current.blobSha256 !== expected) {
      throw new AppError(409, driveMessages.changedMeanwhile, { code: 409, data: { sha256: current.blobSha256 } });
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const blob = await this.deps.blobs.put(Readable.from([bytes]), { expectedSize: bytes.length });
    if (blob.sha256 !== sha256) throw new Error('the blob store hashed the text differently');
    await this.deps.drive.noteStored([blob]);
    return this.deps.drive.replaceBlob(userId, id, blob, expected);
  }

  /** A new empty document (SPEC §3 New file): the type comes from the name's extension. */
  async createFile(userId: string, folderId: string | null, fileName: string): Promise<EntryRow> {
    const name = checkName(fileName, 'file');
    const type = extensionOf(name) as NewFileType;
    if (!(NEW_FILE_TYPES as readonly string[]).includes(type))
      throw AppError.badRequest(previewMessages.unsupportedType);
    if (!(await this.deps.drive.isNameFree(userId, folderId, name))) throw AppError.conflict(driveMessages.nameExists);
    const bytes = await emptyDocument(type);
    const blob = await this.deps.blobs.put(Readable.from([bytes]), { expectedSize: bytes.length });
    await this.deps.drive.noteStored([blob]);
    return this.deps.drive.addFile(userId, { parentId: folderId, name, blob });
  }
}
