import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { driveMessages, previewMessages, UNZIP_LIMITS } from '@kerf/contract';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { type ArchiveReader, corrupt, entrySegments, UnzipRefusal } from './archive-entry.js';

/** An entry that passed every check: where it goes, and for a file its content's hash and size. */
export interface PlannedEntry {
  segments: string[];
  blob?: { sha256: string; size: number };
}

export interface UnzipPlan {
  entries: PlannedEntry[];
  /** Unpacked bytes in all. */
  bytes: number;
}

export interface PlanLimits {
  /** The archive's own size, for the compression ratio. */
  archiveBytes: number;
  /** What the person's quota has left. */
  freeBytes: number;
  limits?: Pick<typeof UNZIP_LIMITS, 'maxEntries' | 'maxBytes' | 'maxRatio'>;
}

type Progress = (done: number) => void;

/**
 * The first pass, which writes nothing: every entry is checked (links, special files, encryption,
 * paths, names, clashes, count, declared sizes against the limits, the ratio and the free quota)
 * before its bytes are read, and then its bytes are read, counted and hashed, so a size that lies is
 * caught here too. Any problem throws an UnzipRefusal; the plan lists what the second pass will store.
 */
export async function planUnzip(reader: ArchiveReader, input: PlanLimits, progress?: Progress): Promise<UnzipPlan> {
  const limits = input.limits ?? UNZIP_LIMITS;
  const entries: PlannedEntry[] = [];
  const files = new Set<string>();
  const folders = new Set<string>();
  let declared = 0;
  let count = 0;
  try {
    for await (const entry of reader.entries()) {
      if (++count > limits.maxEntries) throw new UnzipRefusal(previewMessages.tooManyEntries, [limits.maxEntries]);
      if (entry.encrypted) throw new UnzipRefusal(previewMessages.archiveEncrypted);
      if (entry.kind === 'symlink' || entry.kind === 'hardlink') throw new UnzipRefusal(previewMessages.archiveLink);
      // Devices, fifos and sockets: a drive holds files and folders only.
      if (entry.kind === 'special') throw new UnzipRefusal(previewMessages.notArchive);
      const segments = entrySegments(entry.path, entry.kind);
      if (segments.length === 0) {
        if (entry.kind === 'dir') continue;
        throw new UnzipRefusal(previewMessages.badName);
      }
      // Each name once, and never a file where a folder is needed (or the other way round).
      for (let depth = 1; depth < segments.length; depth++) {
        const above = segments.slice(0, depth).join('/');
        if (files.has(above)) throw new UnzipRefusal(previewMessages.badName);
        folders.add(above);
      }
      const key = segments.join('/');
      if (files.has(key) || (entry.kind === 'file' && folders.has(key)))
        throw new UnzipRefusal(previewMessages.badName);
      if (entry.kind === 'dir') {
        folders.add(key);
        entries.push({ segments });
        continue;
      }
      files.add(key);

      declared += entry.size;
      if (declared > limits.maxBytes) throw new UnzipRefusal(previewMessages.tooManyBytes);
      if (declared > input.archiveBytes * limits.maxRatio) throw new UnzipRefusal(previewMessages.ratio);
      if (declared > input.freeBytes) throw new UnzipRefusal(driveMessages.quotaExceeded);

      const hash = createHash('sha256');
      let size = 0;
      for await (const piece of entry.data()) {
        size += piece.byteLength;
        // More bytes than declared: a lie about the size, stopped before it can grow any further.
        if (size > entry.size) throw corrupt();
        hash.update(piece);
      }
      if (size !== entry.size) throw corrupt();
      entries.push({ segments, blob: { sha256: hash.digest('hex'), size } });
      progress?.(declared);
      if (count % 256 === 0) await nextTurn();
    }
  } finally {
    reader.close();
  }
  return { entries, bytes: declared };
}

/**
 * The second pass: each planned file's bytes go to the blob store (content-addressed, so a content
 * stored before, or twice in the archive, is written once), checked against the plan's hash. Only one
 * entry's current piece is in memory at a time.
 */
export async function storeBlobs(reader: ArchiveReader, plan: UnzipPlan, blobs: BlobStore, progress?: Progress) {
  const wanted = plan.entries.filter((entry) => entry.blob);
  const stored = new Set<string>();
  let next = 0;
  let done = 0;
  try {
    for await (const entry of reader.entries()) {
      if (entry.kind !== 'file') continue;
      const planned = wanted[next++];
      if (!planned?.blob || planned.segments.join('/') !== entrySegments(entry.path, entry.kind).join('/')) {
        throw corrupt();
      }
      const blob = planned.blob;
      if (!stored.has(blob.sha256) && (await blobs.stat(blob.sha256))?.size !== blob.size) {
        const put = await blobs.put(entry.data(), { expectedSize: blob.size, maxBytes: blob.size });
        if (put.sha256 !== blob.sha256) throw corrupt();
      }
      stored.add(blob.sha256);
      done += blob.size;
      progress?.(done);
    }
  } finally {
    reader.close();
  }
  if (next !== wanted.length) throw corrupt();
}
