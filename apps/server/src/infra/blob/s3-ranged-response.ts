import { Readable } from 'node:stream';
import type { BlobRead, ByteRange } from './blob-store.js';
import { resolveByteRange } from './byte-range.js';

interface ServedSpan {
  start: number;
  end: number;
  total: number;
}

/** `bytes 0-9/1234` -> { start: 0, end: 9, total: 1234 }; undefined when absent or the total is `*`. */
export function parseContentRange(header: string | undefined): ServedSpan | undefined {
  const match = header?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : undefined;
}

/**
 * Turns a GetObject answer into exactly the bytes asked for. HTTP lets a server ignore Range (200 with
 * the whole body) or serve more than asked (s3rver reads `bytes=0-0` as "to the end"); when the answer
 * covers the request, it is trimmed here, and the download stops once the wanted bytes have passed.
 * The total size comes from Content-Range, so a ranged read needs no HEAD first.
 */
export function fitResponseToRange(
  body: Readable,
  response: { ContentRange?: string; ContentLength?: number },
  range: ByteRange | undefined,
  key: string,
): BlobRead {
  const whole = response.ContentLength === undefined ? undefined : wholeSpan(response.ContentLength);
  const served = range ? (parseContentRange(response.ContentRange) ?? whole) : whole;
  if (!served) throw new Error(`S3 GetObject for ${key} gave neither Content-Range nor Content-Length`);
  const wanted = resolveByteRange(range, served.total);
  if (served.start > wanted.start || served.end < wanted.end) {
    throw new Error(`S3 answered bytes ${wanted.start}-${wanted.end} of ${key} with ${response.ContentRange}`);
  }
  const stream =
    served.start === wanted.start && served.end === wanted.end
      ? body
      : Readable.from(sliceBytes(body, wanted.start - served.start, wanted.end - wanted.start + 1), {
          objectMode: false,
        });
  return { stream, size: served.total, ...wanted };
}

function wholeSpan(size: number): ServedSpan {
  return { start: 0, end: size - 1, total: size };
}

/** Skips `skip` bytes, yields the next `length`, then returns, which destroys the source. */
async function* sliceBytes(source: AsyncIterable<Buffer>, skip: number, length: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let remaining = length;
  for await (const chunk of source) {
    let piece = chunk;
    if (toSkip >= piece.length) {
      toSkip -= piece.length;
      continue;
    }
    piece = piece.subarray(toSkip);
    toSkip = 0;
    if (piece.length >= remaining) {
      yield piece.subarray(0, remaining);
      return;
    }
    remaining -= piece.length;
    yield piece;
  }
}
