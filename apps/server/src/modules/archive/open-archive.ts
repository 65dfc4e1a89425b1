import type { Readable } from 'node:stream';
import { previewMessages } from '@kerf/contract';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { type ArchiveReader, UnzipRefusal } from './archive-entry.js';
import { sniffFormat } from './archive-sniff.js';
import { ByteSource } from './byte-source.js';
import { ArchiveImage, hasNonAscii } from './libarchive-reader.js';
import { rarEntryNames } from './rar-names.js';
import { sevenZipEntryNames } from './sevenzip-names.js';
import { GzipFileReader, gunzipped, TarReader, tarChecksumOk } from './tar-reader.js';
import { zipEntryNames } from './zip-names.js';

/** An archive opened for unpacking: as many passes over it as needed, then `free`. */
export interface OpenArchive {
  reader(): ArchiveReader;
  free(): void;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/**
 * The archive's own names for its entries when libarchive would print some of them with `*` (it has
 * no locale in WebAssembly): read from the zip's central directory, the RAR 4 file headers or the 7z
 * header, and used only when they match libarchive's entries one for one. Null: libarchive's names
 * are right (all ASCII, or RAR 5), or the archive's could not be read, and a name with `*` is refused.
 */
async function realNames(kind: 'zip' | 'rar' | '7z', image: ArchiveImage): Promise<string[] | null> {
  const bytes = image.bytes();
  const table =
    kind === 'zip'
      ? zipEntryNames(bytes)
      : kind === 'rar'
        ? rarEntryNames(bytes)
        : await sevenZipEntryNames(bytes, (archive, size) => ArchiveImage.firstEntry(archive, size));
  if (!table?.some(hasNonAscii)) return null;
  return (await image.namesAgree(table)) ? table : null;
}

/**
 * Opens an archive of the drive by what its bytes are (not by its extension), or refuses it: tar and
 * gzip are read as streams from the blob store; zip, RAR and 7z are copied once into libarchive.
 */
export async function openArchive(
  blobs: BlobStore,
  archive: { blobSha256: string; fileSize: number; name: string },
  maxArchiveBytes: number,
): Promise<OpenArchive> {
  const sha = archive.blobSha256;
  const size = archive.fileSize;
  if (size > maxArchiveBytes) throw new UnzipRefusal(previewMessages.archiveTooBig);
  if (size === 0) throw new UnzipRefusal(previewMessages.notArchive);
  const whole = async () => (await blobs.get(sha)).stream;
  const head = await readAll((await blobs.get(sha, { start: 0, end: Math.min(size, 512) - 1 })).stream);
  const kind = sniffFormat(head);
  const free = () => {};
  switch (kind) {
    case 'tar':
      return { reader: () => new TarReader(whole), free };
    case 'gzip': {
      if (await gzipHoldsTar(whole)) {
        return { reader: () => new TarReader(async () => gunzipped(await whole())), free };
      }
      // ISIZE, the gzip trailer: the unpacked size modulo 2^32.
      const trailer = await readAll((await blobs.get(sha, { start: Math.max(0, size - 4) })).stream);
      const declared = trailer.length === 4 ? trailer.readUInt32LE(0) : 0;
      const name = archive.name.replace(/\.(tgz|gz)$/i, '');
      return { reader: () => new GzipFileReader(whole, name, declared), free };
    }
    case 'zip':
    case 'rar':
    case '7z': {
      const image = await ArchiveImage.load((await blobs.get(sha)).stream, size);
      try {
        const names = await realNames(kind, image);
        return { reader: () => image.reader(names), free: () => image.free() };
      } catch (err) {
        image.free();
        throw err;
      }
    }
    default:
      throw new UnzipRefusal(previewMessages.notArchive);
  }
}

/** True when the gzip's content starts with a tar header. */
async function gzipHoldsTar(open: () => Promise<Readable>): Promise<boolean> {
  const source = new ByteSource(gunzipped(await open()));
  try {
    const head = await source.take(512).catch(() => null);
    return head !== null && tarChecksumOk(head);
  } finally {
    source.close();
  }
}
