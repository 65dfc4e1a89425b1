import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { copyObjectInParts, planCopyParts } from './s3-multipart-copy.js';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

/**
 * A scripted stand-in for S3: s3rver does not implement UploadPartCopy, so the multipart copy of
 * objects over 5 GiB is checked against the protocol as AWS documents it, not against a server.
 */
function scriptedS3(options: { failPart?: number } = {}) {
  const log: string[] = [];
  const copies: Array<{ part: number; range: string }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let completed: unknown;
  const client = {
    async send(command: unknown): Promise<unknown> {
      if (command instanceof CreateMultipartUploadCommand) {
        log.push('create');
        return { UploadId: 'upload-1' };
      }
      if (command instanceof UploadPartCopyCommand) {
        const { PartNumber, CopySourceRange, UploadId, CopySource } = command.input;
        expect({ UploadId, CopySource }).toEqual({ UploadId: 'upload-1', CopySource: 'bucket/tmp/source' });
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5 + (PartNumber! % 3) * 5));
        inFlight -= 1;
        log.push(`part ${PartNumber}`);
        if (PartNumber === options.failPart) throw new Error(`part ${PartNumber} failed`);
        copies.push({ part: PartNumber!, range: CopySourceRange! });
        return { CopyPartResult: { ETag: `"etag-${PartNumber}"` } };
      }
      if (command instanceof CompleteMultipartUploadCommand) {
        log.push('complete');
        completed = command.input.MultipartUpload;
        return {};
      }
      if (command instanceof AbortMultipartUploadCommand) {
        log.push('abort');
        return {};
      }
      throw new Error(`unexpected command ${String(command)}`);
    },
  };
  return {
    client: client as unknown as Pick<S3Client, 'send'>,
    log,
    copies,
    maxInFlight: () => maxInFlight,
    completed: () => completed,
  };
}

describe('planCopyParts', () => {
  it('covers every byte exactly once with contiguous inclusive ranges', () => {
    const size = 5 * GIB + 123;
    const parts = planCopyParts(size, 512 * MIB);
    expect(parts).toHaveLength(11);
    expect(parts[0]).toEqual({ start: 0, end: 512 * MIB - 1 });
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.start).toBe(parts[i - 1]!.end + 1);
    expect(parts.at(-1)!.end).toBe(size - 1);
  });

  it('raises the part size to stay within 10,000 parts, and never goes under 5 MiB', () => {
    expect(planCopyParts(40_000 * MIB, 1 * MIB).length).toBeLessThanOrEqual(10_000);
    expect(planCopyParts(12 * MIB, 1)).toEqual([
      { start: 0, end: 5 * MIB - 1 },
      { start: 5 * MIB, end: 10 * MIB - 1 },
      { start: 10 * MIB, end: 12 * MIB - 1 },
    ]);
  });
});

describe('copyObjectInParts', () => {
  const request = {
    bucket: 'bucket',
    sourceKey: 'tmp/source',
    destinationKey: 'blobs/ab/cd/abcd',
    size: 23 * MIB,
    partSize: 5 * MIB,
    concurrency: 2,
  };

  it('copies every range with bounded concurrency and completes with the parts in order', async () => {
    const s3 = scriptedS3();
    await copyObjectInParts(s3.client, request);
    expect(s3.log[0]).toBe('create');
    expect(s3.log.at(-1)).toBe('complete');
    expect(s3.maxInFlight()).toBe(2);
    expect(s3.copies.sort((a, b) => a.part - b.part).map((copy) => copy.range)).toEqual([
      `bytes=0-${5 * MIB - 1}`,
      `bytes=${5 * MIB}-${10 * MIB - 1}`,
      `bytes=${10 * MIB}-${15 * MIB - 1}`,
      `bytes=${15 * MIB}-${20 * MIB - 1}`,
      `bytes=${20 * MIB}-${23 * MIB - 1}`,
    ]);
    expect(s3.completed()).toEqual({
      Parts: [1, 2, 3, 4, 5].map((part) => ({ PartNumber: part, ETag: `"etag-${part}"` })),
    });
  });

  it('aborts, after every part copy in flight has settled, and never completes when a part fails', async () => {
    const s3 = scriptedS3({ failPart: 2 });
    await expect(copyObjectInParts(s3.client, request)).rejects.toThrow('part 2 failed');
    expect(s3.log).not.toContain('complete');
    expect(s3.log.at(-1)).toBe('abort');
    expect(s3.log.filter((entry) => entry === 'abort')).toHaveLength(1);
    // No part is copied after the failure is known: workers stop taking new ranges.
    expect(s3.log.filter((entry) => entry.startsWith('part')).length).toBeLessThan(5);
  });
});
