import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type ArchiveEntry, type ArchiveReader, corrupt, decodeName, type EntryKind } from './archive-entry.js';
import { ByteSource } from './byte-source.js';

const BLOCK = 512;
/** GNU long names and pax records are metadata: anything this large is not an honest one. */
const MAX_META_BYTES = 1024 * 1024;

const padOf = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** The bytes of a header field up to its first NUL. */
function field(header: Buffer, start: number, length: number): Buffer {
  const raw = header.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return nul === -1 ? raw : raw.subarray(0, nul);
}

/** A numeric field: octal text, or GNU's base-256 (high bit set) for values octal cannot hold. */
function numberField(header: Buffer, start: number, length: number): number {
  if (header[start]! & 0x80) {
    let value = header[start]! & 0x7f;
    for (let i = start + 1; i < start + length; i++) value = value * 256 + header[i]!;
    return value;
  }
  const text = field(header, start, length).toString('latin1').trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw corrupt();
  return Number.parseInt(text, 8);
}

/** True when the header's checksum field matches its bytes (summed unsigned, or signed as old tars did). */
export function tarChecksumOk(header: Buffer): boolean {
  if (header.length < BLOCK) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : header[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  const text = field(header, 148, 8).toString('latin1').trim();
  if (!/^[0-7]+$/.test(text)) return false;
  const stored = Number.parseInt(text, 8);
  return stored === unsigned || stored === signed;
}

/** pax extended-header records: `<length> <key>=<value>\n`, UTF-8. */
function paxRecords(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number.parseInt(body.subarray(at, space).toString('latin1'), 10);
    if (!Number.isInteger(length) || length <= 0 || at + length > body.length) throw corrupt();
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

function kindOf(type: string): EntryKind | 'skip' {
  switch (type) {
    case '0':
    case '\0':
    case '7':
      return 'file';
    case '5':
      return 'dir';
    case '1':
      return 'hardlink';
    case '2':
      return 'symlink';
    case 'V': // a volume label names no entry
      return 'skip';
    default:
      // Devices, fifos, sparse and multi-volume pieces: nothing a drive can hold.
      return 'special';
  }
}

/**
 * Reads a tar stream front to back (ustar, GNU long names, pax `path`/`size`), without libarchive:
 * names arrive as the archive's own bytes (UTF-8, or GB18030 when they are not valid UTF-8), and
 * nothing but the current piece of an entry is ever held.
 */
export class TarReader implements ArchiveReader {
  private source: ByteSource | null = null;

  constructor(private readonly open: () => Promise<AsyncIterable<Uint8Array>>) {}

  async *entries(): AsyncGenerator<ArchiveEntry> {
    const source = new ByteSource(await this.open());
    this.source = source;
    let longName: string | undefined;
    let pax: Record<string, string> = {};
    for (;;) {
      const header = await source.take(BLOCK);
      if (!header || header.every((byte) => byte === 0)) return;
      if (!tarChecksumOk(header)) throw corrupt();
      const type = String.fromCharCode(header[156]!);
      const size = numberField(header, 124, 12);
      if (type === 'L' || type === 'K' || type === 'x' || type === 'g') {
        if (size > MAX_META_BYTES) throw corrupt();
        const body = (await source.take(size + padOf(size))) ?? Buffer.alloc(0);
        if (body.length < size) throw corrupt();
        const meta = body.subarray(0, size);
        if (type === 'L') longName = decodeName(field(meta, 0, meta.length));
        if (type === 'x') pax = paxRecords(meta);
        continue;
      }
      const ustar = header.subarray(257, 263).toString('latin1') === 'ustar\0';
      const prefix = ustar ? field(header, 345, 155) : Buffer.alloc(0);
      const ownName = field(header, 0, 100);
      const rawName = prefix.length ? Buffer.concat([prefix, Buffer.from('/'), ownName]) : ownName;
      const path = pax.path ?? longName ?? decodeName(rawName);
      const dataSize = pax.size !== undefined ? Number(pax.size) : size;
      if (!Number.isSafeInteger(dataSize) || dataSize < 0) throw corrupt();
      longName = undefined;
      pax = {};
      const kind = kindOf(type);
      let remaining = dataSize;
      if (kind !== 'skip') {
        yield {
          path,
          kind,
          size: kind === 'file' ? dataSize : 0,
          encrypted: false,
          async *data() {
            for await (const piece of source.pieces(remaining)) {
              remaining -= piece.length;
              yield piece;
            }
          },
        };
      }
      await source.skip(remaining + padOf(dataSize));
    }
  }

  close() {
    this.source?.close();
  }
}

/** A compressed stream's content, piece by piece; a damaged stream is a damaged archive. */
export async function* gunzipped(raw: Readable): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  raw.pipe(gunzip);
  try {
    for await (const piece of gunzip) yield piece as Buffer;
  } catch {
    throw corrupt();
  } finally {
    raw.destroy();
    gunzip.destroy();
  }
}

/**
 * A `.gz` that holds no tar: one file, named after the archive without `.gz`, whose declared size is
 * the gzip trailer's (the size modulo 2^32, so a lie there is caught by counting).
 */
export class GzipFileReader implements ArchiveReader {
  constructor(
    private readonly open: () => Promise<Readable>,
    private readonly name: string,
    private readonly declaredSize: number,
  ) {}

  async *entries(): AsyncGenerator<ArchiveEntry> {
    const open = this.open;
    yield {
      path: this.name,
      kind: 'file',
      size: this.declaredSize,
      encrypted: false,
      async *data() {
        yield* gunzipped(await open());
      },
    };
  }

  close() {}
}
