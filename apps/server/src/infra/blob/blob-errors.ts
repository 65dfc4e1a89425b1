/**
 * Errors a blob store throws for conditions the HTTP layer maps to a status. Each carries a stable
 * `code` so the mapping does not depend on class identity across module copies.
 */
export abstract class BlobStoreError extends Error {
  abstract readonly code: string;
}

export class BlobNotFoundError extends BlobStoreError {
  readonly code = 'BLOB_NOT_FOUND';
  constructor(readonly sha256: string) {
    super(`Blob ${sha256} does not exist in the blob store`);
    this.name = 'BlobNotFoundError';
  }
}

/** `size` is the whole blob's size, for the `Content-Range: bytes *\/size` header of a 416 response. */
export class RangeNotSatisfiableError extends BlobStoreError {
  readonly code = 'RANGE_NOT_SATISFIABLE';
  constructor(
    readonly range: { start: number; end?: number },
    readonly size: number | undefined,
    reason: string,
  ) {
    const shown = `${range.start}-${range.end ?? ''}`;
    super(
      `Byte range ${shown} cannot be served${size === undefined ? '' : ` from a blob of ${size} bytes`}: ${reason}`,
    );
    this.name = 'RangeNotSatisfiableError';
  }
}

export class BlobTooLargeError extends BlobStoreError {
  readonly code = 'BLOB_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`Blob exceeds the limit of ${maxBytes} bytes; nothing was stored`);
    this.name = 'BlobTooLargeError';
  }
}

/** The body ended at a different length than `expectedSize` promised (a truncated or padded upload). */
export class BlobSizeMismatchError extends BlobStoreError {
  readonly code = 'BLOB_SIZE_MISMATCH';
  constructor(
    readonly expectedSize: number,
    readonly actualSize: number,
  ) {
    super(`Blob body was ${actualSize} bytes but ${expectedSize} were expected; nothing was stored`);
    this.name = 'BlobSizeMismatchError';
  }
}

export class InvalidBlobKeyError extends BlobStoreError {
  readonly code = 'INVALID_BLOB_KEY';
  constructor(readonly key: unknown) {
    // Quote at most a short prefix: the key may be hostile and arbitrarily long.
    const shown = typeof key === 'string' ? JSON.stringify(key.slice(0, 80)) : typeof key;
    super(`Invalid blob key ${shown}: expected a SHA-256 digest as 64 lowercase hex characters`);
    this.name = 'InvalidBlobKeyError';
  }
}
