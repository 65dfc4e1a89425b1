import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failingBody, patternChunks, readAll, sha256Hex } from '../../../test/blob-fixtures.js';
import { type RunningS3rver, startS3rver } from '../../../test/blob-s3rver.js';
import { BlobNotFoundError } from './blob-errors.js';
import { describeBlobStoreContract } from './blob-store.contract.js';
import { createBlobStore } from './index.js';
import { createS3Client, S3_BLOB_PREFIX, S3_TEMP_PREFIX, S3BlobStore } from './s3-blob-store.js';

const MIB = 1024 * 1024;
let s3rver: RunningS3rver;
const openClients: S3Client[] = [];

beforeAll(async () => {
  s3rver = await startS3rver();
});
afterEach(() => {
  for (const client of openClients.splice(0)) client.destroy();
});
afterAll(async () => {
  await s3rver?.stop();
});

function makeClient(endpoint = s3rver.endpoint): S3Client {
  const client = createS3Client({
    endpoint,
    region: s3rver.region,
    accessKeyId: s3rver.accessKeyId,
    secretAccessKey: s3rver.secretAccessKey,
    forcePathStyle: true,
  });
  openClients.push(client);
  return client;
}

let bucketCount = 0;
/** A fresh bucket per test keeps tests independent without restarting s3rver. */
async function makeBucket(client: S3Client): Promise<string> {
  bucketCount += 1;
  const bucket = `kerf-blob-test-${bucketCount}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/** Names of the S3 commands sent through `client` so far, in order. */
function recordCommands(client: S3Client) {
  const send = vi.spyOn(client, 'send');
  return {
    names: () => send.mock.calls.map(([command]) => command.constructor.name),
    inputsOf: <T>(type: abstract new (...args: never[]) => { input: T }) =>
      send.mock.calls.flatMap(([command]) => (command instanceof type ? [command.input as T] : [])),
    resultOf: async (type: abstract new (...args: never[]) => unknown) => {
      const index = send.mock.calls.findIndex(([command]) => command instanceof type);
      return index < 0 ? undefined : await send.mock.results[index]?.value;
    },
  };
}

describeBlobStoreContract('s3', async () => {
  const client = makeClient();
  const bucket = await makeBucket(client);
  // The minimum part size, so the multi-MiB contract cases really run as multipart uploads.
  const store = new S3BlobStore({ client, bucket, partSize: 5 * MIB });
  return {
    store,
    async listStoredBlobKeys() {
      const keys = await listKeys(client, bucket, S3_BLOB_PREFIX);
      for (const key of keys) expect(key).toMatch(/^blobs\/([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{60}$/);
      return keys.map((key) => key.slice(-64)).sort();
    },
    listTempEntries: () => listKeys(client, bucket, S3_TEMP_PREFIX),
    dispose: async () => {},
  };
});

describe('S3 blob store specifics', () => {
  it('stores blobs at blobs/ab/cd/<sha256>', async () => {
    const client = makeClient();
    const bucket = await makeBucket(client);
    const store = new S3BlobStore({ client, bucket });
    const { sha256 } = await store.put(Readable.from([Buffer.from('layout')]));
    const key = `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(6);
  });

  it('aborts the multipart upload and deletes the temp key when the source fails after several parts', async () => {
    const client = makeClient();
    const bucket = await makeBucket(client);
    const store = new S3BlobStore({ client, bucket, partSize: 5 * MIB });
    const commands = recordCommands(client);
    const dropped = new Error('upload connection reset');

    await expect(store.put(failingBody(12, MIB, dropped))).rejects.toBe(dropped);

    const created = await commands.resultOf(CreateMultipartUploadCommand);
    expect(created?.UploadId).toEqual(expect.any(String));
    // s3rver does not implement AbortMultipartUpload (it answers 405); real S3 removes the parts.
    const aborts = commands.inputsOf(AbortMultipartUploadCommand);
    expect(aborts).toEqual([expect.objectContaining({ Bucket: bucket, UploadId: created.UploadId })]);
    const tempKey = aborts[0]?.Key;
    expect(tempKey).toMatch(/^tmp\/[0-9a-f-]{36}$/);
    expect(commands.inputsOf(DeleteObjectCommand)).toContainEqual({ Bucket: bucket, Key: tempKey });
    expect(commands.names()).not.toContain('CopyObjectCommand');
    expect(await listKeys(client, bucket, '')).toEqual([]);
  });

  it('copies objects above the copy threshold with UploadPartCopy, cleaning up when that fails', async () => {
    const client = makeClient();
    const bucket = await makeBucket(client);
    // s3rver lacks UploadPartCopy, so this proves the dispatch and the failure path; the happy path of
    // copyObjectInParts is covered against a scripted client in s3-multipart-copy.test.ts.
    const store = new S3BlobStore({ client, bucket, multipartCopyThreshold: 1000, copyPartSize: 5 * MIB });
    const commands = recordCommands(client);
    const put = store.put(patternChunks(3, 1000));
    await expect(put).rejects.toMatchObject({ name: 'NotImplemented' });
    expect(commands.inputsOf(UploadPartCopyCommand)).toEqual([
      expect.objectContaining({ PartNumber: 1, CopySourceRange: 'bytes=0-2999' }),
    ]);
    expect(commands.names()).toContain('AbortMultipartUploadCommand');
    expect(commands.names()).not.toContain('CopyObjectCommand');
    expect(await listKeys(client, bucket, '')).toEqual([]);
  });

  it('sweeps temp objects older than the limit and leaves blobs alone', async () => {
    const client = makeClient();
    const bucket = await makeBucket(client);
    const store = new S3BlobStore({ client, bucket });
    const blob = await store.put(Readable.from([Buffer.from('keep me')]));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'tmp/left-by-a-killed-process', Body: 'x' }));

    expect(await store.sweepStaleTempObjects(60 * 60 * 1000)).toBe(0);
    expect(await listKeys(client, bucket, S3_TEMP_PREFIX)).toEqual(['tmp/left-by-a-killed-process']);
    expect(await store.sweepStaleTempObjects(0)).toBe(1);
    expect(await listKeys(client, bucket, S3_TEMP_PREFIX)).toEqual([]);
    expect(await store.stat(blob.sha256)).toEqual(blob);
  });

  it('reports down with the reason when the bucket does not exist', async () => {
    const store = new S3BlobStore({ client: makeClient(), bucket: 'kerf-no-such-bucket' });
    const health = await store.check();
    expect(health.status).toBe('down');
    expect(health.detail).toContain('kerf-no-such-bucket');
  });

  it('reports down when the endpoint is unreachable', async () => {
    const store = new S3BlobStore({ client: makeClient('http://127.0.0.1:9'), bucket: 'kerf' });
    expect((await store.check()).status).toBe('down');
  });

  it('fails a put promptly when S3 refuses the upload while the source is still flowing', async () => {
    const store = new S3BlobStore({ client: makeClient(), bucket: 'kerf-no-such-bucket', partSize: 5 * MIB });
    // 40 MiB: far more than stream buffers hold, so the source stalls unless the failure tears it down.
    await expect(store.put(patternChunks(40, MIB))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  }, 15_000);

  it('does not mistake a missing bucket for a missing blob', async () => {
    const store = new S3BlobStore({ client: makeClient(), bucket: 'kerf-no-such-bucket' });
    const get = store.get(sha256Hex('anything'));
    await expect(get).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(get).rejects.not.toBeInstanceOf(BlobNotFoundError);
  });

  it('is what createBlobStore builds from S3 settings', async () => {
    const bucket = await makeBucket(makeClient());
    const store = await createBlobStore({
      storage: 's3',
      endpoint: s3rver.endpoint,
      bucket,
      region: s3rver.region,
      accessKeyId: s3rver.accessKeyId,
      secretAccessKey: s3rver.secretAccessKey,
      forcePathStyle: true,
    });
    try {
      expect(store.kind).toBe('s3');
      expect(await store.check()).toEqual({ status: 'up' });
      const { sha256 } = await store.put(Readable.from([Buffer.from('via the factory')]));
      expect(String(await readAll((await store.get(sha256)).stream))).toBe('via the factory');
    } finally {
      await store.close?.();
    }
  });
});
