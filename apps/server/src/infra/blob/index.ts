import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import type { S3ConnectionConfig } from './s3-blob-store.js';

export * from './blob-errors.js';
export type { BlobFile, BlobHealth, BlobInfo, BlobRead, BlobStore, ByteRange, PutOptions } from './blob-store.js';
export { isBlobKey } from './blob-store.js';
export { DiskBlobStore } from './disk-blob-store.js';

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
  // Loaded only when configured: the AWS SDK adds about 20 MB to a server that keeps blobs on disk.
  const { createS3Client, S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore({ client: createS3Client(config), bucket: config.bucket });
}
