import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { driveMessages, ENTRY_NAME_MAX, FORBIDDEN_NAME_CHARS } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';

/** `<uuid>_<name>`: the stored name of an export; the part after the first `_` is what the person sees. */
const STORED_NAME = /^[0-9a-f-]{36}_(.+)$/;

/**
 * Files the server makes for one person to download once (exports, reports, packed archives), kept
 * under `<dir>/<userId>/` and fetched with `GET /web/common/download?fileName=…&delete=true` (SPEC §7).
 * A name is never a path: separators and `..` are refused, so one person reaches only their own folder.
 */
export class ExportFiles {
  constructor(private readonly dir: string) {}

  /** Stores a file and answers the `fileName` to download it by. */
  async write(userId: string, displayName: string, body: NodeJS.ReadableStream): Promise<string> {
    const folder = join(this.dir, userId);
    await mkdir(folder, { recursive: true });
    const fileName = `${randomUUID()}_${displayName}`;
    await pipeline(body, createWriteStream(join(folder, fileName)));
    return fileName;
  }

  /** The stored file for a `fileName`, or not found. */
  async open(userId: string, fileName: string) {
    const match = STORED_NAME.exec(fileName);
    if (
      !match ||
      fileName.length > ENTRY_NAME_MAX + 37 ||
      FORBIDDEN_NAME_CHARS.test(fileName) ||
      fileName.includes('..')
    ) {
      throw AppError.notFound(driveMessages.notFound);
    }
    const path = join(this.dir, userId, fileName);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw AppError.notFound(driveMessages.notFound);
    return {
      displayName: match[1]!,
      size: info.size,
      stream: () => createReadStream(path),
      remove: () => unlink(path),
    };
  }
}
