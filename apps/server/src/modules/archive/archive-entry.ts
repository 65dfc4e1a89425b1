import { type Bilingual, entryNameProblem, previewMessages } from '@kerf/contract';

/** What an archive entry is, as far as unpacking cares. */
export type EntryKind = 'file' | 'dir' | 'symlink' | 'hardlink' | 'special';

/** One entry of an archive, as every reader presents it. */
export interface ArchiveEntry {
  /** The path exactly as the archive names it: unchecked, possibly hostile. */
  path: string;
  kind: EntryKind;
  /** The unpacked size the archive declares (0 for folders and links); the bytes are counted as read. */
  size: number;
  encrypted: boolean;
  /** The entry's bytes, piece by piece; valid only until the next entry is asked for. */
  data(): AsyncIterable<Uint8Array>;
}

/** A pass over an archive's entries, in order; `close` frees what the reader holds. */
export interface ArchiveReader {
  entries(): AsyncIterable<ArchiveEntry>;
  close(): void;
}

/** An archive refused, with the message the person sees (nothing has been imported). */
export class UnzipRefusal extends Error {
  constructor(
    readonly text: Bilingual,
    readonly args: Array<string | number> = [],
  ) {
    super(text.en);
    this.name = 'UnzipRefusal';
  }
}

export const corrupt = () => new UnzipRefusal(previewMessages.archiveCorrupt);

/**
 * The folder names and final name an entry lands at, below the target folder. Backslashes count as
 * separators; `.` segments and doubled slashes vanish; an absolute path, a drive letter or any `..` is
 * refused as landing outside the target, and a segment the drive would not accept as a name is refused
 * as a bad name. An empty result is the target folder itself.
 */
export function entrySegments(path: string, kind: EntryKind): string[] {
  const slashed = path.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) throw new UnzipRefusal(previewMessages.unsafePath);
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new UnzipRefusal(previewMessages.unsafePath);
  return parts.map((part, i) => {
    const asKind = i === parts.length - 1 && kind !== 'dir' ? 'file' : 'folder';
    // The drive's one rule for names (contract), which refuses control and bidi characters as well.
    if (entryNameProblem(part, asKind)) throw new UnzipRefusal(previewMessages.badName);
    return part.trim();
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gb18030 = new TextDecoder('gb18030', { fatal: true });

/**
 * Characters a name in UTF-8 hardly ever holds, but that GB18030 bytes read as UTF-8 often give
 * (two-byte Chinese codes that happen to be valid UTF-8): C1 controls, combining marks, Greek,
 * Armenian to Arabic and beyond.
 */
function unlikelyInNames(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x80 && code <= 0x9f) || (code >= 0x300 && code <= 0x3ff) || (code >= 0x530 && code <= 0x8ff)) {
      return true;
    }
  }
  return false;
}

/**
 * A name stored as bytes with no declared encoding (tar, zip without its UTF-8 flag): UTF-8 when the
 * bytes are UTF-8 that looks like a name, else GB18030, the encoding Chinese Windows writes such names
 * in (many two-character Chinese names are also valid, but meaningless, UTF-8).
 */
export function decodeName(bytes: Uint8Array): string {
  let asUtf8: string | null = null;
  try {
    asUtf8 = utf8.decode(bytes);
    if (!unlikelyInNames(asUtf8)) return asUtf8;
  } catch {
    // Not UTF-8.
  }
  try {
    return gb18030.decode(bytes);
  } catch {
    return asUtf8 ?? new TextDecoder('gb18030').decode(bytes);
  }
}
