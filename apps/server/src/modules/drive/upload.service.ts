import { constants } from 'node:fs';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ClashPolicy,
  chunkCount,
  driveMessages,
  type NameClash,
  type PendingUpload,
  SHA256_HEX,
  transferMessages,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_PENDING_MAX,
  type UploadChallenge,
  type UploadInit,
  type UploadProof,
  type UploadTicket,
} from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { EntryRow } from './drive.repository.js';
import { checkName, type DriveService, splitRelativePath } from './drive.service.js';
import { HashFrontier, type StagedFile } from './hash-frontier.js';
import type { UploadRepository, UploadRow } from './upload.repository.js';
import type { UploadProofs } from './upload-proof.js';

/**
 * Written bytes of an upload that start a background flush of its staging file. A flush after every
 * chunk made the disk commit its journal every few MiB: without those flushes uploads were faster in
 * three interleaved pairs out of three (512 MiB: 153/128/115 vs 121/86/105 MiB/s, load 14-17), but then
 * the final sync holds the whole file. Every 256 MiB keeps that last sync short and the writes large.
 */
const FLUSH_EVERY_BYTES = 256 * 1024 * 1024;

const uploadNotFound = () => AppError.notFound(transferMessages.uploadNotFound);

/** Counts the bytes passing and fails as soon as there are more than `limit`, before they are written. */
function capped(limit: number) {
  let seen = 0;
  const counter = new Transform({
    transform(piece: Buffer, _enc, done) {
      seen += piece.length;
      if (seen > limit) done(AppError.badRequest(transferMessages.chunkSizeWrong));
      else done(null, piece);
    },
  });
  return { counter, count: () => seen };
}

export type InitResult =
  | { skipUpload: true; entry: EntryRow }
  | { skipUpload: true; skipped: boolean; clash: NameClash }
  | UploadTicket;

/**
 * Resumable uploads in chunks. `init` answers at once when the content is stored already and the
 * caller has shown they hold it (instant upload: a file of their own with that content, or a proof of
 * possession), and otherwise opens, or reopens, an upload whose chunks may come in any order and in
 * parallel (an open upload holds its size against the quota until it ends); each chunk is written in
 * place in a staging file and recorded only once whole, so a killed server resumes from the chunks it
 * recorded. `complete` checks the file's SHA-256 against the one announced, moves the file into the
 * blob store and files it, all before the entry is visible.
 */
export class UploadService {
  private readonly frontier = new HashFrontier();
  /** Chunks being written right now, so a second copy of one in flight is refused, not interleaved. */
  private readonly writing = new Set<string>();
  /** Background flushes of staging files in progress, by upload. */
  private readonly flushing = new Map<string, Promise<void>>();
  /** Bytes written to each staging file since its last flush began. */
  private readonly unflushed = new Map<string, number>();

  constructor(
    private readonly deps: {
      uploads: UploadRepository;
      drive: DriveService;
      blobs: BlobStore;
      proofs: UploadProofs;
      /** Unfinished uploads one person may have; UPLOAD_PENDING_MAX unless a test says otherwise. */
      maxPending?: number;
      /** Where staging files live: the blob store's own staging folder, or DATA_DIR/uploads. */
      stagingDir: string;
      chunkBytes?: number;
      log?: FastifyBaseLogger;
      /** Told of each file an upload filed (to make its thumbnail in the background). */
      onFiled?: (entry: EntryRow) => void;
    },
  ) {}

  async prepare() {
    await mkdir(this.deps.stagingDir, { recursive: true });
  }

  private stagingPath(id: string) {
    return join(this.deps.stagingDir, id);
  }

  private staged(row: UploadRow): StagedFile {
    return { id: row.id, path: this.stagingPath(row.id), chunkSize: row.chunkSize, totalChunks: row.totalChunks };
  }

  private async ticket(row: UploadRow, challenge?: UploadChallenge): Promise<UploadTicket> {
    return {
      skipUpload: false,
      uploadId: row.id,
      chunkSize: row.chunkSize,
      totalChunks: row.totalChunks,
      uploaded: await this.deps.uploads.chunks(row.id),
      ...(challenge ? { challenge } : {}),
    };
  }

  async init(userId: string, input: UploadInit): Promise<InitResult> {
    const fileName = checkName(input.fileName, 'file');
    if (!SHA256_HEX.test(input.sha256)) throw AppError.badRequest(transferMessages.checksumMismatch);
    const relativePath = splitRelativePath(input.relativePath).join('/');
    const parentId = await this.deps.drive.uploadTarget(userId, input.folderId);
    await this.deps.drive.assertRoomFor(userId, input.fileSize);
    const decision = await this.deps.drive.decideUploadClash(userId, {
      parentId,
      relativePath,
      name: fileName,
      policy: input.onClash,
    });
    if (decision.answer) return decision.answer;

    const blob = { sha256: input.sha256, size: input.fileSize };
    const key = { sha256: input.sha256, fileSize: input.fileSize, parentId, relativePath, fileName };
    const stored = await this.storedAlready(blob);
    if (stored && (await this.holdsContent(userId, blob, input.proof))) {
      const entry = await this.deps.drive.fileBlob(userId, {
        parentId,
        relativePath,
        name: fileName,
        blob,
        onClash: decision.onClash,
      });
      // The collector may have taken the bytes between the check and the reference: then upload after all
      // (a replaced file is kept: completing points it at the same content again).
      if (await this.storedAlready(blob)) {
        // The upload opened alongside the challenge is not needed any more: its reservation goes too.
        const opened = await this.deps.uploads.findResumable(userId, key);
        if (opened) await this.cancel(userId, opened.id).catch(() => {});
        return { skipUpload: true, entry };
      }
      if (decision.onClash !== 'replace') await this.deps.drive.remove(userId, [entry.id], 2);
    }

    // Content someone else stored: a challenge the caller may answer instead of sending the bytes.
    // A proof was tried already (right or wrong): no second one, the bytes now.
    const challenge =
      stored && input.proof === undefined && input.fileSize > 0
        ? await this.deps.proofs.issue(userId, blob)
        : undefined;
    const existing = await this.deps.uploads.findResumable(userId, key);
    if (existing) {
      // Its size is held against the quota already: a resumed upload is not counted twice.
      await this.deps.uploads.touch(existing.id);
      return this.ticket(existing, challenge);
    }
    const chunkSize = this.deps.chunkBytes ?? UPLOAD_CHUNK_BYTES;
    const row = await this.deps.uploads.createWithinLimits(
      { userId, ...key, chunkSize, totalChunks: chunkCount(input.fileSize, chunkSize) },
      this.deps.maxPending ?? UPLOAD_PENDING_MAX,
    );
    if (row === 'quota') throw new AppError(413, driveMessages.quotaExceeded, { code: 413 });
    if (row === 'tooMany') throw AppError.conflict(transferMessages.tooManyPending);
    return this.ticket(row, challenge);
  }

  /**
   * Whether the caller may have stored content without sending it: an empty file, a file of their own
   * with it, or a right answer to the challenge an earlier init gave them. Never the hash alone: an
   * ETag or a leaked listing must not be a key to someone else's bytes.
   */
  private async holdsContent(userId: string, blob: { sha256: string; size: number }, proof?: UploadProof) {
    if (blob.size === 0) return true;
    if (await this.deps.uploads.ownsContent(userId, blob.sha256, blob.size)) return true;
    return proof !== undefined && (await this.deps.proofs.verify(userId, blob, proof));
  }

  private async storedAlready(blob: { sha256: string; size: number }) {
    if (!(await this.deps.drive.blobKnown(blob.sha256, blob.size))) return false;
    return (await this.deps.blobs.stat(blob.sha256))?.size === blob.size;
  }

  private async own(userId: string, uploadId: string): Promise<UploadRow> {
    const row = await this.deps.uploads.find(userId, uploadId);
    if (!row) throw uploadNotFound();
    return row;
  }

  /** The size chunk `index` must have. */
  private chunkLength(row: UploadRow, index: number): number {
    if (!Number.isInteger(index) || index < 0 || index >= row.totalChunks) {
      throw AppError.badRequest(transferMessages.chunkOutOfRange);
    }
    return index < row.totalChunks - 1 ? row.chunkSize : row.fileSize - row.chunkSize * (row.totalChunks - 1);
  }

  /**
   * Writes one chunk at its place in the staging file, streaming (memory stays flat), and records it
   * once the last byte is written. A chunk received before is not written again: the body is drained.
   */
  async putChunk(
    userId: string,
    uploadId: string,
    index: number,
    body: NodeJS.ReadableStream,
    declaredLength?: number,
  ): Promise<{ uploaded: number; totalChunks: number }> {
    const found = await this.deps.uploads.findForChunk(userId, uploadId, index);
    if (!found) throw uploadNotFound();
    const row = found.upload;
    const length = this.chunkLength(row, index);
    if (declaredLength !== undefined && declaredLength !== length) {
      throw AppError.badRequest(transferMessages.chunkSizeWrong);
    }
    const slot = `${row.id}:${index}`;
    if (found.received || this.writing.has(slot)) {
      // Received before (a retry after a lost answer), or arriving twice at once: keep the first copy.
      (body as NodeJS.ReadableStream & { resume(): void }).resume();
      return { uploaded: (await this.deps.uploads.chunks(row.id)).length, totalChunks: row.totalChunks };
    }
    this.writing.add(slot);
    let uploaded: number | null;
    try {
      const { counter, count } = capped(length);
      // Written in place, created by whichever chunk comes first, never truncated; the stream closes the file.
      const file = await open(this.stagingPath(row.id), constants.O_WRONLY | constants.O_CREAT);
      await pipeline(
        body,
        counter,
        file.createWriteStream({ start: index * row.chunkSize, highWaterMark: 1024 * 1024 }),
      );
      if (count() !== length) throw AppError.badRequest(transferMessages.chunkSizeWrong);
      uploaded = await this.deps.uploads.markChunk(row.id, index);
      if (uploaded === null) throw uploadNotFound();
    } finally {
      this.writing.delete(slot);
    }
    this.wrote(row.id, length);
    this.frontier
      .chunkWritten(this.staged(row), index, () => this.deps.uploads.chunks(row.id))
      .catch((error) => this.deps.log?.warn({ err: error, uploadId }, 'hashing an upload ahead failed'));
    return { uploaded, totalChunks: row.totalChunks };
  }

  /** Counts a written chunk, and starts a flush once FLUSH_EVERY_BYTES have gathered. */
  private wrote(id: string, bytes: number) {
    const gathered = (this.unflushed.get(id) ?? 0) + bytes;
    if (gathered < FLUSH_EVERY_BYTES || this.flushing.has(id)) {
      this.unflushed.set(id, gathered);
      return;
    }
    this.unflushed.delete(id);
    this.flushLater(id);
  }

  /**
   * Starts writing the staging file's dirty pages to disk in the background, one flush per upload at a
   * time, so the durable copy grows with the upload and completing does not wait for a whole file.
   */
  private flushLater(id: string) {
    if (this.flushing.has(id)) return;
    const flush = open(this.stagingPath(id), 'r')
      .then(async (file) => {
        try {
          await file.datasync();
        } finally {
          await file.close();
        }
      })
      .catch(() => {})
      .finally(() => this.flushing.delete(id));
    this.flushing.set(id, flush);
  }

  /** Checks and files the assembled upload; the entry appears only with its blob stored. */
  /**
   * `onClash` as at init: `replace` gives the file in the way this content; anything else numbers the
   * name (a clash that arose while the bytes travelled is not skipped: they are here now).
   */
  async complete(userId: string, uploadId: string, onClash?: ClashPolicy): Promise<EntryRow> {
    const row = await this.own(userId, uploadId);
    const received = new Set(await this.deps.uploads.chunks(row.id));
    const missing: number[] = [];
    for (let i = 0; i < row.totalChunks && missing.length < 1000; i++) if (!received.has(i)) missing.push(i);
    if (missing.length && row.fileSize > 0) {
      throw new AppError(409, transferMessages.chunksMissing, { code: 409, data: { missing } });
    }
    const blob = { sha256: row.sha256, size: row.fileSize };
    const path = this.stagingPath(row.id);
    const staged = await stat(path).catch(() => null);
    if (staged || row.fileSize === 0) {
      if (!staged) await (await open(path, 'w')).close();
      const sha256 = await this.frontier.digest(this.staged(row));
      if (sha256 !== row.sha256) {
        await this.deps.uploads.resetChunks(row.id);
        throw new AppError(400, transferMessages.checksumMismatch, { code: 400 });
      }
      await this.deps.blobs.putFile(path, blob);
    } else if ((await this.deps.blobs.stat(row.sha256))?.size !== row.fileSize) {
      // Neither the staging file nor the blob: start over.
      await this.deps.uploads.resetChunks(row.id);
      throw new AppError(409, transferMessages.chunksMissing, { code: 409, data: { missing: [] } });
    }
    const entry = await this.deps.drive.fileBlob(userId, {
      parentId: row.parentId,
      relativePath: row.relativePath,
      name: row.fileName,
      blob,
      onClash: onClash === 'replace' ? 'replace' : 'number',
      within: async (tx) => {
        if (!(await this.deps.uploads.delete(userId, row.id, tx))) throw uploadNotFound();
      },
    });
    this.unflushed.delete(row.id);
    this.deps.onFiled?.(entry);
    return entry;
  }

  async pending(userId: string): Promise<PendingUpload[]> {
    const rows = await this.deps.uploads.pending(userId);
    return rows.map(({ upload, received, folderPath }) => {
      const base = folderPath ?? '/';
      const target = upload.relativePath ? `${base === '/' ? '' : base}/${upload.relativePath}` : base;
      return {
        uploadId: upload.id,
        fileName: upload.fileName,
        fileSize: upload.fileSize,
        sha256: upload.sha256,
        uploadedBytes: Math.min(upload.fileSize, received * upload.chunkSize),
        targetPath: target,
        updatedAt: upload.updatedAt.toISOString(),
      };
    });
  }

  async cancel(userId: string, uploadId: string): Promise<void> {
    if (!(await this.deps.uploads.delete(userId, uploadId))) throw uploadNotFound();
    this.frontier.forget(uploadId);
    this.unflushed.delete(uploadId);
    await unlink(this.stagingPath(uploadId)).catch(() => {});
  }

  /**
   * Drops uploads untouched since `before` with their files, and staging files that belong to no
   * upload (a crash between writing and recording, or a cancel that lost its unlink).
   */
  async sweep(before: Date): Promise<number> {
    let dropped = 0;
    for (const { id, userId } of await this.deps.uploads.abandoned(before, 500)) {
      await this.cancel(userId, id).catch(() => {});
      dropped++;
    }
    const live = await this.deps.uploads.allIds();
    for (const name of await readdir(this.deps.stagingDir).catch(() => [] as string[])) {
      if (live.has(name)) continue;
      const path = join(this.deps.stagingDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < before) {
        await unlink(path).catch(() => {});
        dropped++;
      }
    }
    return dropped;
  }
}
