import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readAll } from '../../../test/blob-fixtures.js';
import { RangeNotSatisfiableError } from './blob-errors.js';
import { fitResponseToRange, parseContentRange } from './s3-ranged-response.js';

const content = Buffer.from('0123456789abcdefghij');
/** The body split into small chunks, as a network stream delivers it. */
function bodyOf(bytes: Buffer): Readable {
  return Readable.from([bytes.subarray(0, 3), bytes.subarray(3, 11), bytes.subarray(11)], { objectMode: false });
}

describe('fitResponseToRange', () => {
  it('passes an exact ranged answer through and takes the size from Content-Range', async () => {
    const read = fitResponseToRange(
      bodyOf(content.subarray(5, 10)),
      { ContentRange: 'bytes 5-9/20', ContentLength: 5 },
      { start: 5, end: 9 },
      'k',
    );
    expect({ size: read.size, start: read.start, end: read.end }).toEqual({ size: 20, start: 5, end: 9 });
    expect(String(await readAll(read.stream))).toBe('56789');
  });

  it('trims a server that ignored Range and sent the whole body (HTTP allows it)', async () => {
    const read = fitResponseToRange(bodyOf(content), { ContentLength: 20 }, { start: 4, end: 12 }, 'k');
    expect({ size: read.size, start: read.start, end: read.end }).toEqual({ size: 20, start: 4, end: 12 });
    expect(String(await readAll(read.stream))).toBe(content.subarray(4, 13).toString());
  });

  it('trims a wider answer than asked (s3rver reads bytes=0-0 as to-the-end)', async () => {
    const read = fitResponseToRange(bodyOf(content), { ContentRange: 'bytes 0-19/20' }, { start: 0, end: 0 }, 'k');
    expect(String(await readAll(read.stream))).toBe('0');
  });

  it('refuses an answer that does not cover the request', () => {
    expect(() =>
      fitResponseToRange(bodyOf(content.subarray(5, 8)), { ContentRange: 'bytes 5-7/20' }, { start: 5, end: 9 }, 'k'),
    ).toThrow(/answered bytes 5-9 of k with bytes 5-7\/20/);
  });

  it('treats any range on an empty object as unsatisfiable, whatever the server claims', () => {
    expect(() =>
      fitResponseToRange(bodyOf(Buffer.alloc(0)), { ContentRange: 'bytes 0-0/0' }, { start: 0 }, 'k'),
    ).toThrow(RangeNotSatisfiableError);
  });

  it('parses only complete Content-Range values', () => {
    expect(parseContentRange('bytes 0-9/1234')).toEqual({ start: 0, end: 9, total: 1234 });
    expect(parseContentRange('bytes 0-9/*')).toBeUndefined();
    expect(parseContentRange(undefined)).toBeUndefined();
  });
});
