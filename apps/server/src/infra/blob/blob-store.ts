import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InvalidBlobKeyError } from './blob-errors.js';

/** What the store knows about a stored blob: its content address and its length in bytes. */
export interface BlobInfo {
  sha256: string;
  size: number;
}

/** A byte range as HTTP Range means it: `end` is inclusive; an omitted `end` reads to the end of the blob. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface PutOptions {
  /** The size the caller was promised (e.g. Content-Length). A body of any other length is rejected. */
  expectedSize?: number;
  /** Rejects the body with BlobTooLargeError as soon as it grows past this many bytes. */
  maxBytes?: number;
  /** Aborting stops the write; nothing becomes visible and the temporary data is removed. */
  signal?: AbortSignal;
}

export interface BlobRead {
  stream: Readable;
  /** Size of the whole blob, not of the range (for Content-Range: bytes start-end/size). */
  size: number;
  start: number;
  /** Inclusive; `size - 1` for a whole read, so -1 for the empty blob. */
  end: number;
}

/** A blob as an open local file (disk stores): the caller reads start..end and closes the handle. */
export interface BlobFile {
  file: FileHandle;
  size: number;
  start: number;
  /** Inclusive, as in BlobRead. */
  end: number;
}

export type BlobHealth = { status: 'up' | 'down'; detail?: string };

/**
 * Content-addressed blob storage. Keys are SHA-256 hex digests computed by the store itself, never
 * names from users (ARCHITECTURE.md "No user input in filesystem paths"); a blob becomes visible under
 * its key only once completely written ("Blobs before rows").
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /**
   * Streams the body to the store, hashing as it goes; the blob becomes visible atomically under its
   * hash only when complete. Idempotent for identical content. On failure the body stream is destroyed
   * (stream.pipeline semantics) and nothing is left behind.
   */
  put(body: NodeJS.ReadableStream | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<BlobInfo>;
  /**
   * Moves a local file whose SHA-256 and size the caller has verified into the store under that hash
   * (an upload assembled from chunks). The file is gone afterwards, whether it was stored or a blob
   * with that content was there already. Throws if the file's size differs from `expected.size`.
   */
  putFile(path: string, expected: BlobInfo): Promise<void>;
  /**
   * A local directory on the same filesystem as the store, where files meant for putFile should be
   * assembled so that putFile is a rename; undefined when the store is remote.
   */
  readonly stagingDir?: string;
  /** Streams the blob or a byte range of it; throws BlobNotFoundError when absent, RangeNotSatisfiableError for a bad range. */
  get(sha256: string, range?: ByteRange): Promise<BlobRead>;
  /**
   * The blob as an open file, for callers that move its bytes themselves with reused buffers (downloads);
   * only stores that keep blobs as local files have it. Throws like get.
   */
  open?(sha256: string, range?: ByteRange): Promise<BlobFile>;
  stat(sha256: string): Promise<BlobInfo | null>;
  /** No error when absent. */
  delete(sha256: string): Promise<void>;
  /** For /health: can we write/read right now? */
  check(): Promise<BlobHealth>;
  close?(): Promise<void>;
}

const BLOB_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** True for a 64-character lowercase hex string, the only shape a blob key may take. */
export function isBlobKey(value: unknown): value is string {
  return typeof value === 'string' && BLOB_KEY_PATTERN.test(value);
}

/**
 * Every public method runs this before the key reaches a path or an S3 key, so `../x`, `a/b` or an
 * uppercase twin of a real hash can never address anything but a blob.
 */
export function assertBlobKey(value: unknown): asserts value is string {
  if (!isBlobKey(value)) throw new InvalidBlobKeyError(value);
}

/** `ab/cd/<sha256>`: two levels of 256 fan-out keep directories (and S3 listings) small. */
export function blobKeyPath(sha256: string): string {
  assertBlobKey(sha256);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}
