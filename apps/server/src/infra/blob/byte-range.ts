import { RangeNotSatisfiableError } from './blob-errors.js';
import type { ByteRange } from './blob-store.js';

export interface ResolvedRange {
  start: number;
  /** Inclusive; -1 when the whole of an empty blob is read. */
  end: number;
}

/**
 * Checks the parts of a range that do not depend on the blob (so a backend can reject it before any
 * I/O): non-negative integer offsets, end not before start.
 */
export function assertWellFormedRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new RangeNotSatisfiableError(range, undefined, 'start must be a non-negative integer');
  }
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeNotSatisfiableError(range, undefined, 'end must be an integer not less than start');
  }
}

/**
 * Applies HTTP Range rules (RFC 9110 §14.1.2) against a blob of `size` bytes: a start at or past the
 * end is unsatisfiable (so any range on the empty blob is), an end past the last byte is clamped.
 * Both backends use this so they agree byte for byte.
 */
export function resolveByteRange(range: ByteRange | undefined, size: number): ResolvedRange {
  if (range === undefined) return { start: 0, end: size - 1 };
  assertWellFormedRange(range);
  if (range.start >= size) {
    throw new RangeNotSatisfiableError(range, size, 'start is at or past the end of the blob');
  }
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
