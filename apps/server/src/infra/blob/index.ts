import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import { createS3Client, S3BlobStore, type S3ConnectionConfig } from './s3-blob-store.js';

export * from './blob-errors.js';
export type { BlobFile, BlobHealth, BlobInfo, BlobRead, BlobStore, ByteRange, PutOptions } from './blob-store.js';
export { isBlobKey } from './blob-store.js';
export { DiskBlobStore } from './disk-blob-store.js';
export { S3BlobStore } from './s3-blob-store.js';

/** Matches `Config['blobs']` from config.ts. */
export type BlobStoreConfig =
  | { storage: 'disk'; dir: string }
  | ({ storage: 's3'; bucket: string } & S3ConnectionConfig);

/**
 * Opens the configured store. Disk: creates the directory and sweeps temp files older than an hour.
 * S3: builds the client only; call check() to find out whether the bucket is reachable.
 */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.storage === 'disk') return DiskBlobStore.open({ dir: config.dir });
  return new S3BlobStore({ client: createS3Client(config), bucket: config.bucket });
}
