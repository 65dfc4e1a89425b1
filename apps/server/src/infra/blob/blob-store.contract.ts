import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  failingBody,
  patternChunks,
  patternSha256,
  readAll,
  sha256Hex,
  sha256OfStream,
} from '../../../test/blob-fixtures.js';
import {
  BlobNotFoundError,
  BlobSizeMismatchError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  RangeNotSatisfiableError,
} from './blob-errors.js';
import type { BlobStore } from './blob-store.js';

/** A store plus a look at its backing storage that does not go through the store's own API. */
export interface BlobStoreHarness {
  store: BlobStore;
  /** Keys (hashes) of every blob present in the backing storage. */
  listStoredBlobKeys(): Promise<string[]>;
  /** Temporary entries present in the backing storage. */
  listTempEntries(): Promise<string[]>;
  dispose(): Promise<void>;
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const MIB = 1024 * 1024;

/** The behaviour every BlobStore backend must show; run by each backend's test file. */
export function describeBlobStoreContract(name: string, makeHarness: () => Promise<BlobStoreHarness>): void {
  describe(`${name} blob store contract`, () => {
    let harness: BlobStoreHarness;
    let store: BlobStore;

    beforeEach(async () => {
      harness = await makeHarness();
      store = harness.store;
    });
    afterEach(async () => {
      await harness.dispose();
    });

    async function expectNothingStored(): Promise<void> {
      expect(await harness.listStoredBlobKeys()).toEqual([]);
      expect(await harness.listTempEntries()).toEqual([]);
    }

    describe('put', () => {
      it('returns the SHA-256 and size node:crypto computes, from a Node stream', async () => {
        const content = Buffer.from('Kerf cuts: 3 mm plywood at 80% power\n');
        const info = await store.put(Readable.from([content.subarray(0, 10), content.subarray(10)]));
        expect(info).toEqual({ sha256: sha256Hex(content), size: content.length });
        expect(await harness.listStoredBlobKeys()).toEqual([info.sha256]);
        expect(await harness.listTempEntries()).toEqual([]);
      });

      it('accepts an async iterable of Uint8Array', async () => {
        async function* body() {
          yield new Uint8Array([1, 2, 3]);
          yield new Uint8Array([4, 5]);
        }
        const info = await store.put(body());
        expect(info).toEqual({ sha256: sha256Hex(new Uint8Array([1, 2, 3, 4, 5])), size: 5 });
      });

      it('is idempotent for identical content', async () => {
        const content = Buffer.from('same bytes twice');
        const first = await store.put(Readable.from([content]));
        const second = await store.put(Readable.from([content]));
        expect(second).toEqual(first);
        expect(await harness.listStoredBlobKeys()).toEqual([first.sha256]);
        expect(await harness.listTempEntries()).toEqual([]);
        expect(await readAll((await store.get(first.sha256)).stream)).toEqual(content);
      });

      it('stores the empty blob', async () => {
        const info = await store.put(Readable.from([], { objectMode: false }));
        expect(info).toEqual({ sha256: EMPTY_SHA256, size: 0 });
        expect(await store.stat(EMPTY_SHA256)).toEqual({ sha256: EMPTY_SHA256, size: 0 });
        const read = await store.get(EMPTY_SHA256);
        expect({ size: read.size, start: read.start, end: read.end }).toEqual({ size: 0, start: 0, end: -1 });
        expect((await readAll(read.stream)).length).toBe(0);
        await expect(store.get(EMPTY_SHA256, { start: 0 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      });

      it('streams a 20 MiB blob written in 1 MiB chunks with the right hash both ways', async () => {
        const info = await store.put(patternChunks(20, MIB));
        expect(info).toEqual({ sha256: patternSha256(20, MIB), size: 20 * MIB });
        const read = await store.get(info.sha256);
        expect(read.size).toBe(20 * MIB);
        expect(await sha256OfStream(read.stream)).toEqual(info);
      });

      it('lets concurrent puts of the same content all succeed with one stored blob', async () => {
        const content = Buffer.concat([...Array.from({ length: 3 }, (_, i) => Buffer.alloc(MIB, i + 1))]);
        const results = await Promise.all(
          Array.from({ length: 4 }, () => store.put(Readable.from([content.subarray(0, MIB), content.subarray(MIB)]))),
        );
        for (const info of results) expect(info).toEqual({ sha256: sha256Hex(content), size: content.length });
        expect(await harness.listStoredBlobKeys()).toEqual([sha256Hex(content)]);
        expect(await harness.listTempEntries()).toEqual([]);
        expect(sha256Hex(await readAll((await store.get(sha256Hex(content))).stream))).toBe(sha256Hex(content));
      });

      it('keeps concurrent puts of different content apart', async () => {
        const bodies = ['alpha', 'beta', 'gamma'].map((text) => Buffer.from(text.repeat(1000)));
        const results = await Promise.all(bodies.map((body) => store.put(Readable.from([body]))));
        expect(results.map((info) => info.sha256)).toEqual(bodies.map(sha256Hex));
        expect(await harness.listStoredBlobKeys()).toEqual(bodies.map(sha256Hex).sort());
        for (const body of bodies) expect(await readAll((await store.get(sha256Hex(body))).stream)).toEqual(body);
      });
    });

    describe('put limits and failures leave nothing behind', () => {
      it('rejects a body over maxBytes with BlobTooLargeError', async () => {
        const put = store.put(patternChunks(8, 64 * 1024), { maxBytes: 200 * 1024 });
        await expect(put).rejects.toBeInstanceOf(BlobTooLargeError);
        await expect(put).rejects.toThrow(/204800 bytes/);
        expect(await store.stat(patternSha256(8, 64 * 1024))).toBeNull();
        await expectNothingStored();
      });

      it('accepts a body of exactly maxBytes', async () => {
        const info = await store.put(patternChunks(2, 1024), { maxBytes: 2048 });
        expect(info.size).toBe(2048);
      });

      it('rejects an expectedSize over maxBytes before reading the body', async () => {
        let bodyRead = false;
        async function* body() {
          bodyRead = true;
          yield Buffer.from('x');
        }
        await expect(store.put(body(), { expectedSize: 5000, maxBytes: 4000 })).rejects.toBeInstanceOf(
          BlobTooLargeError,
        );
        expect(bodyRead).toBe(false);
        await expectNothingStored();
      });

      it('rejects a body shorter or longer than expectedSize with BlobSizeMismatchError', async () => {
        await expect(store.put(patternChunks(3, 1000), { expectedSize: 3001 })).rejects.toBeInstanceOf(
          BlobSizeMismatchError,
        );
        await expect(store.put(patternChunks(3, 1000), { expectedSize: 2999 })).rejects.toBeInstanceOf(
          BlobSizeMismatchError,
        );
        await expectNothingStored();
        expect((await store.put(patternChunks(3, 1000), { expectedSize: 3000 })).size).toBe(3000);
      });

      it('stores nothing when the source stream fails midway', async () => {
        const dropped = new Error('client connection reset');
        await expect(store.put(failingBody(6, 256 * 1024, dropped))).rejects.toBe(dropped);
        expect(await store.stat(patternSha256(6, 256 * 1024))).toBeNull();
        await expectNothingStored();
      });

      it('stores nothing when the source fails after 12 MiB (mid multipart upload on S3)', async () => {
        const dropped = new Error('client went away');
        await expect(store.put(failingBody(12, MIB, dropped))).rejects.toBe(dropped);
        await expectNothingStored();
      });

      it('stores nothing when the signal aborts midway', async () => {
        const controller = new AbortController();
        async function* body() {
          yield* patternChunks(4, 64 * 1024);
          controller.abort();
          yield* patternChunks(4, 64 * 1024);
        }
        await expect(store.put(body(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
        await expectNothingStored();
      });

      it('rejects at once when the signal is already aborted', async () => {
        const controller = new AbortController();
        controller.abort();
        await expect(store.put(patternChunks(1, 10), { signal: controller.signal })).rejects.toMatchObject({
          name: 'AbortError',
        });
        await expectNothingStored();
      });
    });

    describe('get', () => {
      const content = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
      let sha256: string;
      beforeEach(async () => {
        sha256 = (await store.put(Readable.from([content]))).sha256;
      });

      it('streams the whole blob', async () => {
        const read = await store.get(sha256);
        expect({ size: read.size, start: read.start, end: read.end }).toEqual({ size: 36, start: 0, end: 35 });
        expect(await readAll(read.stream)).toEqual(content);
      });

      it.each([
        ['start only', { start: 10 }, 10, 35],
        ['start and end', { start: 10, end: 19 }, 10, 19],
        ['the first byte', { start: 0, end: 0 }, 0, 0],
        ['the last byte', { start: 35, end: 35 }, 35, 35],
        ['an end past the last byte, clamped', { start: 30, end: 1000 }, 30, 35],
      ])('streams a range: %s', async (_label, range, start, end) => {
        const read = await store.get(sha256, range);
        expect({ size: read.size, start: read.start, end: read.end }).toEqual({ size: 36, start, end });
        expect(await readAll(read.stream)).toEqual(content.subarray(start, end + 1));
      });

      it.each([
        ['start at the size', { start: 36 }],
        ['start past the size', { start: 1000, end: 2000 }],
        ['end before start', { start: 10, end: 9 }],
        ['negative start', { start: -1 }],
        ['fractional start', { start: 1.5 }],
        ['fractional end', { start: 1, end: 2.5 }],
      ])('rejects a bad range with RangeNotSatisfiableError: %s', async (_label, range) => {
        await expect(store.get(sha256, range)).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      });

      it('reports the blob size on an unsatisfiable range (for Content-Range: bytes */size)', async () => {
        await expect(store.get(sha256, { start: 36 })).rejects.toMatchObject({ size: 36 });
      });

      it('throws BlobNotFoundError for an absent blob, with or without a range', async () => {
        const absent = sha256Hex('never stored');
        await expect(store.get(absent)).rejects.toBeInstanceOf(BlobNotFoundError);
        await expect(store.get(absent, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
      });
    });

    describe('stat and delete', () => {
      it('stats a present blob and returns null for an absent one', async () => {
        const info = await store.put(Readable.from([Buffer.from('stat me')]));
        expect(await store.stat(info.sha256)).toEqual({ sha256: info.sha256, size: 7 });
        expect(await store.stat(sha256Hex('absent'))).toBeNull();
      });

      it('deletes a blob so stat is null and get is BlobNotFoundError; deleting again is fine', async () => {
        const info = await store.put(Readable.from([Buffer.from('delete me')]));
        await store.delete(info.sha256);
        expect(await store.stat(info.sha256)).toBeNull();
        await expect(store.get(info.sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
        await expect(store.delete(info.sha256)).resolves.toBeUndefined();
        expect(await harness.listStoredBlobKeys()).toEqual([]);
      });
    });

    describe('putFile', () => {
      async function localFile(content: Buffer): Promise<string> {
        const dir = store.stagingDir ?? (await mkdtemp(join(tmpdir(), 'kerf-putfile-')));
        const path = join(dir, `file-${content.length}-${Date.now()}`);
        await writeFile(path, content);
        return path;
      }

      it('moves a verified local file in under its hash and removes the file', async () => {
        const content = Buffer.from('assembled from chunks');
        const path = await localFile(content);
        await store.putFile(path, { sha256: sha256Hex(content), size: content.length });
        expect(await harness.listStoredBlobKeys()).toEqual([sha256Hex(content)]);
        expect(await readAll((await store.get(sha256Hex(content))).stream)).toEqual(content);
        await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
      });

      it('drops the file when the content is stored already', async () => {
        const content = Buffer.from('twice');
        await store.put(Readable.from([content]));
        const path = await localFile(content);
        await store.putFile(path, { sha256: sha256Hex(content), size: content.length });
        expect(await harness.listStoredBlobKeys()).toEqual([sha256Hex(content)]);
        await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
      });

      it('refuses a file whose size is not the promised one and stores nothing', async () => {
        const content = Buffer.from('short');
        const path = await localFile(content);
        await expect(store.putFile(path, { sha256: sha256Hex(content), size: 99 })).rejects.toBeInstanceOf(
          BlobSizeMismatchError,
        );
        // The refused file is still the caller's to remove.
        await expect(stat(path)).resolves.toBeTruthy();
        await rm(path, { force: true });
        expect(await harness.listStoredBlobKeys()).toEqual([]);
      });
    });

    describe('keys', () => {
      const valid = sha256Hex('a real blob');
      it.each([
        ['a parent-directory escape', '../../../../etc/passwd'],
        ['a traversal padded to 64 characters', `../${'a'.repeat(61)}`],
        ['an absolute path', `/${'a'.repeat(63)}`],
        ['uppercase hex', valid.toUpperCase()],
        ['a short hash', valid.slice(0, 63)],
        ['a long hash', `${valid}0`],
        ['a hash with a path suffix', `${valid}/x`],
        ['a hash with a newline', `${valid}\n`],
        ['the empty string', ''],
        ['a non-string', 42 as unknown as string],
      ])('rejects %s in get, stat and delete with InvalidBlobKeyError', async (_label, key) => {
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key, { start: 0 })).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      });
    });

    it('reports itself up when it can write and read', async () => {
      expect(await store.check()).toEqual({ status: 'up' });
      expect(await harness.listTempEntries()).toEqual([]);
    });
  });
}
