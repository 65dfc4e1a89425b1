import { setImmediate as nextTurn } from 'node:timers/promises';
import { previewMessages } from '@kerf/contract';
import { libarchiveWasm } from 'libarchive-wasm';
import { type ArchiveEntry, type ArchiveReader, corrupt, type EntryKind, UnzipRefusal } from './archive-entry.js';

/** The part of libarchive-wasm's wrapper this module calls (its published typings leave the module untyped). */
interface Libarchive {
  module: { _malloc(size: number): number; _free(ptr: number): void; HEAPU8: Uint8Array };
  read_new_memory(ptr: number, size: number, passphrase?: string): number;
  read_next_entry(archive: number): number;
  read_data(archive: number, ptr: number, size: number): number;
  read_free(archive: number): number;
  error_string(archive: number): string;
  entry_filetype(entry: number): number;
  entry_pathname(entry: number): string;
  entry_hardlink(entry: number): string;
  entry_size(entry: number): number;
  entry_is_encrypted(entry: number): number;
}

const PIECE_BYTES = 1024 * 1024;
const FILE_TYPE_MASK = 0o170000;
const KIND_BY_TYPE = new Map<number, EntryKind>([
  [0o100000, 'file'],
  [0o040000, 'dir'],
  [0o120000, 'symlink'],
]);

/** A libarchive failure as the person should read it. */
function refusalFor(message: string): UnzipRefusal {
  return /passphrase|encrypt|decrypt/i.test(message) ? new UnzipRefusal(previewMessages.archiveEncrypted) : corrupt();
}

export const hasNonAscii = (name: string) => Array.from(name).some((ch) => ch.charCodeAt(0) > 0x7f);

/**
 * True when libarchive's name is `ours` as it prints it: each non-ASCII character as `*` (or nothing
 * at all when it cannot convert), with either slash, a folder with or without its trailing one.
 */
function sameName(libName: string, ours: string): boolean {
  const masked = (name: string) =>
    Array.from(name.replace(/\\/g, '/').replace(/\/+$/, ''), (ch) => (ch.charCodeAt(0) > 0x7f ? '*' : ch)).join('');
  if (libName === '') return hasNonAscii(ours);
  return masked(libName) === masked(ours);
}

/**
 * An archive (zip, RAR 4/5, 7z) copied once into a private libarchive WebAssembly instance. Each
 * `reader()` is one pass over it; `free()` gives the memory back. A fresh instance per archive means
 * a damaged archive that upsets libarchive cannot affect another job, and the heap a large archive
 * grew goes away with it.
 */
export class ArchiveImage {
  private constructor(
    private lib: Libarchive | null,
    private readonly ptr: number,
    readonly size: number,
  ) {}

  /** Streams `size` bytes into the instance's heap; more or fewer than announced is a damaged archive. */
  static async load(stream: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, size: number): Promise<ArchiveImage> {
    const lib = (await libarchiveWasm()) as unknown as Libarchive;
    const ptr = lib.module._malloc(Math.max(1, size));
    if (!ptr) throw new UnzipRefusal(previewMessages.archiveTooBig);
    const image = new ArchiveImage(lib, ptr, size);
    let at = 0;
    try {
      for await (const piece of stream) {
        if (at + piece.byteLength > size) throw corrupt();
        lib.module.HEAPU8.set(piece, ptr + at);
        at += piece.byteLength;
      }
      if (at !== size) throw corrupt();
    } catch (err) {
      image.free();
      throw err;
    }
    return image;
  }

  private get live(): Libarchive {
    if (!this.lib) throw new Error('archive image already freed');
    return this.lib;
  }

  /** The archive's bytes, in place (valid until libarchive next grows its heap). */
  bytes(): Uint8Array {
    return this.live.module.HEAPU8.subarray(this.ptr, this.ptr + this.size);
  }

  /** A pass over the entries; `names`, when given, are the real names in libarchive's order. */
  reader(names?: string[] | null): ArchiveReader {
    return new LibarchiveReader(this.live, this.ptr, this.size, names ?? null);
  }

  /**
   * True when `names` are libarchive's entries one for one (same count, each the same name as far as
   * libarchive can print it). Reads headers only; any error is a "no" (the real pass will report it).
   */
  async namesAgree(names: string[]): Promise<boolean> {
    const lib = this.live;
    const reader = new LibarchiveReader(lib, this.ptr, this.size, null);
    let index = 0;
    try {
      for await (const entry of reader.entries()) {
        const ours = names[index++];
        if (ours === undefined || !sameName(entry.path, ours)) return false;
      }
      return index === names.length;
    } catch {
      return false;
    } finally {
      reader.close();
    }
  }

  /** The content of the first entry of a small archive, at most `limit` bytes; null otherwise. */
  static async firstEntry(archive: Buffer, limit: number): Promise<Buffer | null> {
    const image = await ArchiveImage.load([archive], archive.length);
    const reader = image.reader();
    try {
      for await (const entry of reader.entries()) {
        const pieces: Buffer[] = [];
        let total = 0;
        for await (const piece of entry.data()) {
          total += piece.byteLength;
          if (total > limit) return null;
          pieces.push(Buffer.from(piece));
        }
        return Buffer.concat(pieces);
      }
      return null;
    } catch {
      return null;
    } finally {
      reader.close();
      image.free();
    }
  }

  free() {
    this.lib?.module._free(this.ptr);
    this.lib = null;
  }
}

class LibarchiveReader implements ArchiveReader {
  private archive = 0;
  private piece = 0;

  constructor(
    private readonly lib: Libarchive,
    private readonly ptr: number,
    private readonly size: number,
    private readonly names: string[] | null,
  ) {}

  async *entries(): AsyncGenerator<ArchiveEntry> {
    const lib = this.lib;
    try {
      this.archive = lib.read_new_memory(this.ptr, this.size);
    } catch {
      throw corrupt();
    }
    if (!this.archive) throw corrupt();
    const archive = this.archive;
    this.piece = lib.module._malloc(PIECE_BYTES);
    const piece = this.piece;
    for (let index = 0; ; index++) {
      // libarchive works synchronously: let the server answer other requests between entries.
      if (index % 64 === 63) await nextTurn();
      const entry = lib.read_next_entry(archive);
      if (!entry) {
        // The wrapper ends the listing on any error too: only an empty error string is a clean end.
        const error = lib.error_string(archive);
        if (error) throw refusalFor(error);
        if (this.names && index !== this.names.length) throw corrupt();
        return;
      }
      const libName = lib.entry_pathname(entry) ?? '';
      let path = libName;
      if (this.names) {
        const ours = this.names[index];
        if (ours === undefined || !sameName(libName, ours)) throw corrupt();
        path = ours;
      }
      const size = lib.entry_size(entry);
      yield {
        path,
        kind: lib.entry_hardlink(entry)
          ? 'hardlink'
          : (KIND_BY_TYPE.get(lib.entry_filetype(entry) & FILE_TYPE_MASK) ?? 'special'),
        // A size past 2^31 comes back negative from the 32-bit build: treat it as too large, not as small.
        size: size < 0 ? Number.MAX_SAFE_INTEGER : size,
        encrypted: Boolean(lib.entry_is_encrypted(entry)),
        async *data() {
          for (;;) {
            let read: number;
            try {
              read = lib.read_data(archive, piece, PIECE_BYTES);
            } catch (err) {
              throw refusalFor((err as Error).message);
            }
            if (read <= 0) return;
            const copy = lib.module.HEAPU8.slice(piece, piece + read);
            yield Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength);
            await nextTurn();
          }
        },
      };
    }
  }

  close() {
    try {
      if (this.archive) this.lib.read_free(this.archive);
    } catch {
      // Freeing after a failure may report that failure again: the memory is released all the same.
    }
    if (this.piece) this.lib.module._free(this.piece);
    this.archive = 0;
    this.piece = 0;
  }
}
