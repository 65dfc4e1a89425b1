import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobNotFoundError } from './blob-errors.js';
import type { BlobHealth, BlobInfo, BlobRead, BlobStore, ByteRange, PutOptions } from './blob-store.js';
import { blobKeyPath } from './blob-store.js';
import { assertWellFormedRange, resolveByteRange } from './byte-range.js';
import { assertSizeLimitsUpfront, HashingTransform } from './hashing-transform.js';
import { copyObjectInParts, MAX_SINGLE_COPY_BYTES } from './s3-multipart-copy.js';
import { fitResponseToRange } from './s3-ranged-response.js';

export const S3_BLOB_PREFIX = 'blobs/';
export const S3_TEMP_PREFIX = 'tmp/';
const MIB = 1024 ** 2;
const HEALTH_TIMEOUT_MS = 5_000;

export interface S3ConnectionConfig {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function createS3Client(config: S3ConnectionConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's default chain applies (environment, profile, instance role).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 request checksums and trailers are refused or mishandled by many
    // S3-compatible stores (older MinIO, Ceph, OSS, s3rver); we verify content by SHA-256 ourselves.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface S3BlobStoreOptions {
  /** The store takes ownership: close() destroys it. */
  client: S3Client;
  bucket: string;
  /** Multipart upload part size. Memory held per put is about (queueSize + 1) x partSize. */
  partSize?: number;
  /** Parts uploaded at once per put. */
  queueSize?: number;
  /** Above this size the temp-to-final copy uses UploadPartCopy; S3's CopyObject stops at 5 GiB. */
  multipartCopyThreshold?: number;
  copyPartSize?: number;
}

/**
 * Blobs as objects at `blobs/ab/cd/<sha256>`. A put uploads to `tmp/<uuid>` while hashing (the hash is
 * only known at the end), then copies server-side to the final key, which S3 makes visible atomically,
 * then deletes the temp object.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly multipartCopyThreshold: number;
  private readonly copyPartSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 8 * MIB;
    this.queueSize = options.queueSize ?? 2;
    this.multipartCopyThreshold = options.multipartCopyThreshold ?? MAX_SINGLE_COPY_BYTES;
    this.copyPartSize = options.copyPartSize ?? 512 * MIB;
  }

  async put(body: NodeJS.ReadableStream | AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<BlobInfo> {
    assertSizeLimitsUpfront(options);
    options.signal?.throwIfAborted();
    const tempKey = `${S3_TEMP_PREFIX}${randomUUID()}`;
    const hasher = new HashingTransform(options);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tempKey, Body: hasher },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    // A failing source destroys `hasher`, which fails the upload, which then aborts its multipart upload
    // before done() settles. We never call upload.abort(): it settles done() at once while part uploads
    // are still in flight, so the temp cleanup below could run before they land.
    let firstFailure: { error: unknown } | undefined;
    const noteFailure = (error: unknown) => {
      firstFailure ??= { error };
    };
    const uploading = upload.done().catch((error: unknown) => {
      noteFailure(error);
      // lib-storage tears the body down itself when it fails; doing it here too means a change there
      // cannot leave the pipeline waiting forever on backpressure.
      hasher.destroy(error as Error);
    });
    const piping = pipeline(body, hasher, { signal: options.signal }).catch(noteFailure);
    await Promise.all([piping, uploading]);
    if (firstFailure) {
      await this.deleteObjectQuietly(tempKey);
      // The first failure is the cause; the other side's error is only its echo (e.g. AbortError).
      throw firstFailure.error;
    }
    const info = hasher.result();
    try {
      await this.publish(tempKey, info);
    } finally {
      await this.deleteObjectQuietly(tempKey);
    }
    return info;
  }

  async putFile(path: string, expected: BlobInfo): Promise<void> {
    if ((await this.stat(expected.sha256))?.size !== expected.size) {
      const stored = await this.put(createReadStream(path), { expectedSize: expected.size });
      if (stored.sha256 !== expected.sha256) {
        throw new Error(`putFile: the file hashes to ${stored.sha256}, not ${expected.sha256}`);
      }
    }
    await unlink(path);
  }

  async get(sha256: string, range?: ByteRange): Promise<BlobRead> {
    const key = this.objectKey(sha256);
    if (range) assertWellFormedRange(range);
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(sha256);
      if (range && httpStatusOf(error) === 416) throw await this.rangeErrorFor(sha256, range, error);
      throw error;
    }
    const body = response.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 GetObject for ${key} returned no Node.js stream body`);
    try {
      return fitResponseToRange(body, response, range, key);
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  async stat(sha256: string): Promise<BlobInfo | null> {
    const key = this.objectKey(sha256);
    const size = await this.headObjectSize(key);
    return size === null ? null : { sha256, size };
  }

  async delete(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(sha256) }));
  }

  /** HeadBucket rather than a probe write: health checks run often and S3 bills every PUT. */
  async check(): Promise<BlobHealth> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      return { status: 'up' };
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { status: 'down', detail: `S3 bucket ${this.bucket}: ${reason}` };
    }
  }

  /**
   * Deletes `tmp/` objects older than `maxAgeMs`, left by processes killed mid-put; returns how many.
   * Incomplete multipart uploads are invisible to listing: reap those with a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload), which also covers `tmp/` if this is never run.
   */
  async sweepStaleTempObjects(maxAgeMs: number): Promise<number> {
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: S3_TEMP_PREFIX, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified.getTime() <= cutoff) {
          await this.deleteObjectQuietly(object.Key);
          removed += 1;
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return removed;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(sha256: string): string {
    return `${S3_BLOB_PREFIX}${blobKeyPath(sha256)}`;
  }

  /** Copies the finished temp object to its content address, unless identical content is already there. */
  private async publish(tempKey: string, info: BlobInfo): Promise<void> {
    const finalKey = this.objectKey(info.sha256);
    if ((await this.headObjectSize(finalKey)) === info.size) return;
    if (info.size > this.multipartCopyThreshold) {
      await copyObjectInParts(this.client, {
        bucket: this.bucket,
        sourceKey: tempKey,
        destinationKey: finalKey,
        size: info.size,
        partSize: this.copyPartSize,
        concurrency: 4,
      });
      return;
    }
    await this.client.send(
      // Temp keys are `tmp/<uuid>`: nothing in them needs URL-encoding.
      new CopyObjectCommand({ Bucket: this.bucket, Key: finalKey, CopySource: `${this.bucket}/${tempKey}` }),
    );
  }

  private async headObjectSize(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** After a 416 the size is needed for the error (Content-Range: bytes *\/size); a rare path, so a HEAD. */
  private async rangeErrorFor(sha256: string, range: ByteRange, original: unknown): Promise<Error> {
    const info = await this.stat(sha256);
    if (!info) return new BlobNotFoundError(sha256);
    try {
      resolveByteRange(range, info.size);
    } catch (rangeError) {
      return rangeError as Error;
    }
    return original as Error;
  }

  private async deleteObjectQuietly(key: string): Promise<void> {
    // A temp object that survives is harmless: the sweep or a lifecycle rule removes it later.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => {});
  }
}

function httpStatusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** The object is absent; a missing bucket is a configuration fault and must not read as "no such blob". */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatusOf(error) === 404;
}
