import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';

/** S3 refuses CopyObject above 5 GiB; larger objects must be copied part by part. */
export const MAX_SINGLE_COPY_BYTES = 5 * 1024 ** 3;
const MIN_PART_BYTES = 5 * 1024 ** 2;
const MAX_PARTS = 10_000;

export interface MultipartCopyRequest {
  bucket: string;
  sourceKey: string;
  destinationKey: string;
  /** Size of the source object in bytes. */
  size: number;
  /** Preferred part size; raised when needed to stay within S3's 10,000 parts. */
  partSize: number;
  /** Parts copied at once; each is a server-side copy, so this costs no local memory. */
  concurrency: number;
}

/** Splits `size` bytes into inclusive byte ranges for UploadPartCopy's CopySourceRange. */
export function planCopyParts(size: number, preferredPartSize: number): Array<{ start: number; end: number }> {
  const partSize = Math.max(preferredPartSize, MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
  if (partSize > MAX_SINGLE_COPY_BYTES) throw new RangeError(`object of ${size} bytes is beyond S3's 5 TiB limit`);
  const parts: Array<{ start: number; end: number }> = [];
  for (let start = 0; start < size; start += partSize) {
    parts.push({ start, end: Math.min(start + partSize, size) - 1 });
  }
  return parts;
}

/**
 * Server-side copy of an object of any size via CreateMultipartUpload + UploadPartCopy +
 * CompleteMultipartUpload. The destination appears only on Complete (atomically, as with CopyObject);
 * any failure aborts the upload so no parts linger.
 */
export async function copyObjectInParts(client: Pick<S3Client, 'send'>, request: MultipartCopyRequest): Promise<void> {
  const { bucket, sourceKey, destinationKey } = request;
  const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: destinationKey }));
  const uploadId = created.UploadId;
  if (!uploadId) throw new Error(`S3 CreateMultipartUpload for ${destinationKey} returned no UploadId`);
  try {
    const ranges = planCopyParts(request.size, request.partSize);
    const parts: CompletedPart[] = new Array(ranges.length);
    let nextIndex = 0;
    let failed = false;
    const copyWorker = async () => {
      while (nextIndex < ranges.length && !failed) {
        const index = nextIndex++;
        const range = ranges[index]!;
        const result = await client.send(
          new UploadPartCopyCommand({
            Bucket: bucket,
            Key: destinationKey,
            UploadId: uploadId,
            PartNumber: index + 1,
            // Our keys are `tmp/<uuid>`: nothing in them needs URL-encoding.
            CopySource: `${bucket}/${sourceKey}`,
            CopySourceRange: `bytes=${range.start}-${range.end}`,
          }),
        );
        const etag = result.CopyPartResult?.ETag;
        if (!etag) throw new Error(`S3 UploadPartCopy part ${index + 1} of ${destinationKey} returned no ETag`);
        parts[index] = { PartNumber: index + 1, ETag: etag };
      }
    };
    // Settle every worker before aborting: a part copy still in flight could otherwise land after the abort.
    const workers = Array.from({ length: Math.min(request.concurrency, ranges.length) }, () =>
      copyWorker().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
    const outcomes = await Promise.allSettled(workers);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: destinationKey,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: destinationKey, UploadId: uploadId }))
      .catch(() => {}); // The copy error is the one worth reporting; a bucket lifecycle rule reaps what remains.
    throw error;
  }
}
