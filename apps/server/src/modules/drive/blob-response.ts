import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { transferMessages } from '@kerf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime';
import parseRange from 'range-parser';
import { ZipFile } from 'yazl';
import { AppError } from '../../http/app-error.js';
import { contentDisposition } from '../../http/content-disposition.js';
import type { BlobFile, BlobStore } from '../../infra/blob/blob-store.js';
import { copyFileRange, SinkClosedError } from '../../infra/blob/copy-file-range.js';
import type { EntryRow } from './drive.repository.js';
import type { StoredFile } from './drive.service.js';

/** At most this many entries go into one zip. */
const ZIP_MAX_ENTRIES = 20_000;
/** Extensions whose bytes are already compressed: stored as they are in a zip. */
const COMPRESSED = new Set(
  'zip rar 7z gz tgz bz2 xz jpg jpeg png gif webp mp4 mov avi mkv webm mp3 flac aac ogg m4a pdf docx xlsx pptx'.split(
    ' ',
  ),
);

/**
 * Sent with every stored file: whatever someone uploaded (SVG, HTML, PDF with scripts) and however it
 * is opened, it runs as an opaque sandboxed document that can reach nothing of ours.
 */
export const UNTRUSTED_CONTENT_POLICY = 'sandbox';

/** `inline=1` or `inline=true`: show in the page rather than save. */
export function wantsInline(value: string | undefined) {
  return value === '1' || value === 'true';
}

/**
 * Serves a file Kerf made from stored content (a thumbnail, a converted PDF), kept for a day by the
 * browser and revalidated by `etag`.
 */
export async function sendMadeFile(reply: FastifyReply, path: string, type: string, name: string, etag: string) {
  const info = await stat(path);
  return reply
    .header('Content-Type', type)
    .header('Content-Length', String(info.size))
    .header('ETag', etag)
    .header('Cache-Control', 'private, max-age=86400')
    .header('Content-Disposition', contentDisposition(name, 'inline'))
    .header('Content-Security-Policy', UNTRUSTED_CONTENT_POLICY)
    .header('X-Content-Type-Options', 'nosniff')
    .send(createReadStream(path));
}

/**
 * Serves one stored file: whole or a byte range (206, RFC 9110), revalidated by an ETag that is a keyed
 * hash of the content (304; never the content hash itself, see ContentTags), named in UTF-8 by
 * Content-Disposition.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  entry: Pick<StoredFile, 'name' | 'blobSha256' | 'fileSize' | 'updatedAt'>,
  inline: boolean,
) {
  const file = { name: entry.name, sha256: entry.blobSha256, size: entry.fileSize, modified: entry.updatedAt };
  const etag = `"${request.server.contentTag(file.sha256)}"`;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', file.modified.toUTCString())
    .header('Cache-Control', 'private, no-cache')
    .header('Content-Type', mime.getType(file.name) ?? 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', UNTRUSTED_CONTENT_POLICY);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }
  let range: { start: number; end: number } | undefined;
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (rangeHeader && (!ifRange || ifRange === etag)) {
    const parsed = parseRange(file.size, rangeHeader, { combine: true });
    if (parsed === -1) {
      return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
    }
    // A malformed header (-2) or several ranges: the whole file, as RFC 9110 allows.
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }
  const read = blobs.open ? await blobs.open(file.sha256, range) : await blobs.get(file.sha256, range);
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${read.start}-${read.end}/${read.size}`);
  }
  reply.header('Content-Length', String(read.end - read.start + 1));
  if ('stream' in read) return reply.send(read.stream);
  await sendOpenFile(request, reply, read);
  return reply;
}

/**
 * Writes the headers fastify holds and then the file's bytes straight to the socket through reused
 * buffers (see copyFileRange): no Buffer allocated per read, so a download puts no pressure on the
 * collector however large the file or the heap. Headers are out before the first byte is read, so a
 * failure afterwards can only cut the connection: the client sees a body shorter than Content-Length.
 */
async function sendOpenFile(request: FastifyRequest, reply: FastifyReply, read: BlobFile) {
  reply.hijack();
  const response = reply.raw;
  try {
    response.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
    if (request.method !== 'HEAD' && read.size > 0) await copyFileRange(read.file, read.start, read.end, response);
    response.end();
  } catch (error) {
    if (!(error instanceof SinkClosedError)) request.log.warn({ err: error }, 'a download stopped part way');
    response.destroy();
  } finally {
    await read.file.close();
  }
}

/** A zip's name: the single folder's, else `kerf-YYYYMMDD-HHmmss.zip`. */
function zipName(topNames: string[]): string {
  if (topNames.length === 1) return `${topNames[0]}.zip`;
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `kerf-${stamp}.zip`;
}

/**
 * Streams entries as one zip (paths relative to where they were chosen, folders as they are), reading
 * each file's bytes only when the zip reaches it.
 */
export function sendZip(reply: FastifyReply, blobs: BlobStore, items: Array<{ path: string; entry: EntryRow }>) {
  if (items.length > ZIP_MAX_ENTRIES) throw AppError.badRequest(transferMessages.tooManyFiles);
  const tops = items.filter((i) => !i.path.includes('/'));
  const zip = new ZipFile();
  for (const { path, entry: row } of items) {
    const mtime = row.updatedAt;
    if (row.isDir) {
      zip.addEmptyDirectory(path, { mtime });
    } else if (row.blobSha256) {
      const sha = row.blobSha256;
      zip.addReadStreamLazy(path, { mtime, size: row.fileSize, compress: !COMPRESSED.has(row.extendName) }, (cb) => {
        blobs.get(sha).then(
          (read) => cb(null, read.stream),
          (error) => cb(error, undefined as never),
        );
      });
    }
  }
  zip.end();
  const name = zipName(tops.map((t) => t.entry.name));
  reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition(name))
    .header('Cache-Control', 'private, no-store');
  return reply.send(zip.outputStream);
}
