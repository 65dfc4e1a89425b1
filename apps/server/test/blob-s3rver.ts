import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An in-process s3rver (a real S3-protocol HTTP server writing to a temp directory) for the S3 blob
 * store's tests and bench. s3rver ships no types; this is the slice of its API we use.
 */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets?: Array<{ name: string }>;
}) => S3rverInstance;

export interface RunningS3rver {
  endpoint: string;
  /** Where s3rver keeps objects (and, under `<bucket>/..._S3rver_uploads`, multipart parts). */
  directory: string;
  /** s3rver's fixed development credentials. */
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  stop(): Promise<void>;
}

export async function startS3rver(options: { buckets?: string[] } = {}): Promise<RunningS3rver> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'kerf-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
