import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BlobSizeMismatchError, BlobTooLargeError } from './blob-errors.js';
import type { BlobInfo, PutOptions } from './blob-store.js';

type SizeLimits = Pick<PutOptions, 'expectedSize' | 'maxBytes'>;

/**
 * Rejects a put before a single byte is read when its declared size already breaks the limit, so the
 * HTTP layer can answer 413 from Content-Length without the store consuming (and destroying) the body.
 */
export function assertSizeLimitsUpfront({ expectedSize, maxBytes }: SizeLimits): void {
  for (const [name, value] of [
    ['expectedSize', expectedSize],
    ['maxBytes', maxBytes],
  ] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
    }
  }
  if (expectedSize !== undefined && maxBytes !== undefined && expectedSize > maxBytes) {
    throw new BlobTooLargeError(maxBytes);
  }
}

/**
 * A pass-through that computes the SHA-256 and length of everything flowing through it, and fails the
 * stream the moment the length passes `maxBytes` or `expectedSize` (so an oversized upload stops after
 * one extra chunk rather than after the whole body) or ends short of `expectedSize`.
 */
export class HashingTransform extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private bytesSeen = 0;
  private digestHex: string | undefined;

  constructor(private readonly limits: SizeLimits = {}) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytesSeen += chunk.length;
    const { maxBytes, expectedSize } = this.limits;
    if (maxBytes !== undefined && this.bytesSeen > maxBytes) {
      callback(new BlobTooLargeError(maxBytes));
      return;
    }
    if (expectedSize !== undefined && this.bytesSeen > expectedSize) {
      callback(new BlobSizeMismatchError(expectedSize, this.bytesSeen));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const { expectedSize } = this.limits;
    if (expectedSize !== undefined && this.bytesSeen !== expectedSize) {
      callback(new BlobSizeMismatchError(expectedSize, this.bytesSeen));
      return;
    }
    this.digestHex = this.hash.digest('hex');
    callback();
  }

  /** The finished blob's identity; only valid once the stream has ended without error. */
  result(): BlobInfo {
    if (this.digestHex === undefined) throw new Error('HashingTransform.result() called before the stream finished');
    return { sha256: this.digestHex, size: this.bytesSeen };
  }
}
