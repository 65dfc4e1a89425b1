import { tarChecksumOk } from './tar-reader.js';

export type ArchiveFormat = 'zip' | 'rar' | '7z' | 'gzip' | 'tar';

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, i) => head[i] === byte);

/**
 * The archive format the first bytes announce, or null. Only these formats are handed to a reader, so
 * a file that merely carries an archive's extension never reaches libarchive's other formats (mtree,
 * for one, names files on a disk).
 */
export function sniffFormat(head: Buffer): ArchiveFormat | null {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(head, [0x1f, 0x8b, 0x08])) return 'gzip';
  if (tarChecksumOk(head)) return 'tar';
  return null;
}

/** `plans.zip` → `plans`, `parts.tar.gz` → `parts`; the name itself when nothing would be left. */
export function archiveBaseName(name: string): string {
  const base = name.replace(/\.(tar\.gz|tgz|tar|zip|rar|7z|gz)$/i, '');
  return base.trim() ? base : name;
}
