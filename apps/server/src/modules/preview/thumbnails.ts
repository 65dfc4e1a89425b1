import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMAGE_EXTENSIONS, THUMBNAIL_PX } from '@kerf/contract';
import { decodeBmp, drawingPictureSvg, importDxf, importSvg, type KerfDocument, parseDocument } from '@kerf/laser';
import type { FastifyBaseLogger } from 'fastify';
import type { Sharp } from 'sharp';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { loadSharp } from '../../infra/image/load-sharp.js';

/** Images larger than this many pixels are not decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 200_000_000;
/** Pictures bigger than this (in bytes) get no thumbnail: each is read whole into memory. */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
/** Thumbnail jobs that run at once: each decodes a whole image. */
const CONCURRENCY = 2;

type Source = { sha256: string; extendName: string; fileSize: number };

/** Pixels across the longer side of a drawing's picture (an object page shows it large). */
export const DRAWING_PICTURE_PX = 768;
/** Drawings pictured by the laser core's readers, as the machine would see their lines. */
const DRAWING_EXTENSIONS = new Set(['svg', 'dxf', 'dwg', 'kerf', 'bmp']);

type Mode = 'thumbnail' | 'drawing';

/**
 * Thumbnails of images (and poster frames of MP4 videos when ffmpeg is installed), and larger pictures
 * of drawings: made once per content hash, in the background, and kept under `dir` as WebP. Asking for one that is being made
 * waits for that job instead of starting another.
 */
export class ThumbnailService {
  private readonly running = new Map<string, Promise<string | null>>();
  private readonly queue: Array<() => void> = [];
  private active = 0;

  constructor(
    private readonly deps: {
      blobs: BlobStore;
      dir: string;
      ffmpeg: string | null;
      /** DWG is read in a child process (the editor's import queue); without it DWG gets no picture. */
      readDwg?: (bytes: Uint8Array) => Promise<KerfDocument>;
      log?: FastifyBaseLogger;
    },
  ) {}

  /** True for a drawing `drawing()` can picture. */
  supportsDrawing(extendName: string): boolean {
    const ext = extendName.toLowerCase();
    return DRAWING_EXTENSIONS.has(ext) && (ext !== 'dwg' || this.deps.readDwg !== undefined);
  }

  /** True for content a thumbnail can be made of. */
  supports(extendName: string): boolean {
    const ext = extendName.toLowerCase();
    return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) || (ext === 'mp4' && this.deps.ffmpeg !== null);
  }

  private pathOf(sha256: string, mode: Mode) {
    const name = mode === 'drawing' ? `${sha256}-drawing-${DRAWING_PICTURE_PX}` : `${sha256}-${THUMBNAIL_PX}`;
    return join(this.deps.dir, sha256.slice(0, 2), `${name}.webp`);
  }

  /** The thumbnail's file, made now if needed; null when the content cannot be read as an image. */
  async get(source: Source): Promise<string | null> {
    return this.cached(source, 'thumbnail');
  }

  /**
   * A drawing's picture (SVG, DXF, DWG, Kerf or BMP) as the laser core reads it: its lines on white,
   * cropped to what is drawn; null when the drawing cannot be read or has nothing in it.
   */
  async drawing(source: Source): Promise<string | null> {
    if (!this.supportsDrawing(source.extendName)) return null;
    return this.cached(source, 'drawing');
  }

  private async cached(source: Source, mode: Mode): Promise<string | null> {
    const path = this.pathOf(source.sha256, mode);
    if (await exists(path)) return path;
    return this.schedule(source, mode);
  }

  /** Starts making a thumbnail in the background (after an upload), if there is none yet. */
  prepare(source: Source): void {
    if (!this.supports(source.extendName)) return;
    exists(this.pathOf(source.sha256, 'thumbnail')).then((done) => {
      if (!done) this.schedule(source, 'thumbnail').catch(() => {});
    });
  }

  private schedule(source: Source, mode: Mode): Promise<string | null> {
    const key = `${source.sha256}:${source.extendName}:${mode}`;
    const pending = this.running.get(key);
    if (pending) return pending;
    const job = this.slot()
      .then(() => this.make(source, mode))
      .catch((err) => {
        this.deps.log?.warn({ err, sha256: source.sha256 }, 'thumbnail failed');
        return null;
      })
      .finally(() => {
        this.running.delete(key);
        this.active--;
        this.queue.shift()?.();
      });
    this.running.set(key, job);
    return job;
  }

  private slot(): Promise<void> {
    if (this.active < CONCURRENCY) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.queue.push(() => {
        this.active++;
        resolve();
      });
    });
  }

  private async make(source: Source, mode: Mode): Promise<string | null> {
    const path = this.pathOf(source.sha256, mode);
    await mkdir(join(this.deps.dir, source.sha256.slice(0, 2)), { recursive: true });
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    const px = mode === 'drawing' ? DRAWING_PICTURE_PX : THUMBNAIL_PX;
    try {
      const input = mode === 'drawing' ? await this.drawingPicture(source) : await this.decodable(source);
      if (!input) return null;
      await input
        .rotate()
        .resize(px, px, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 78 })
        .toFile(temporary);
      await rename(temporary, path);
      return path;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** A sharp pipeline over the content: BMP through our decoder, video through ffmpeg, the rest as is. */
  private async decodable(source: Source): Promise<Sharp | null> {
    const ext = source.extendName.toLowerCase();
    if (ext === 'mp4') return this.posterFrame(source);
    if (source.fileSize > MAX_IMAGE_BYTES) return null;
    const bytes = await this.readAll(source.sha256);
    const sharp = await loadSharp();
    if (ext === 'bmp') {
      const image = decodeBmp(bytes);
      return sharp(Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength), {
        raw: { width: image.width, height: image.height, channels: 4 },
        limitInputPixels: MAX_INPUT_PIXELS,
      });
    }
    // Only the first frame of an animation; SVG rendered without fetching anything it links to.
    return sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: false,
      density: ext === 'svg' ? 96 : undefined,
    });
  }

  /** The drawing read by the laser core and drawn as an SVG of its lines (a BMP is its own picture). */
  private async drawingPicture(source: Source): Promise<Sharp | null> {
    const ext = source.extendName.toLowerCase();
    if (ext === 'bmp') return this.decodable(source);
    if (source.fileSize > MAX_IMAGE_BYTES) return null;
    const bytes = await this.readAll(source.sha256);
    const doc =
      ext === 'dwg'
        ? await this.deps.readDwg!(bytes)
        : ext === 'dxf'
          ? importDxf(bytes)
          : ext === 'svg'
            ? importSvg(bytes)
            : parseDocument(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const svg = drawingPictureSvg(doc, DRAWING_PICTURE_PX);
    if (!svg) return null;
    return (await loadSharp())(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS });
  }

  private async readAll(sha256: string): Promise<Buffer> {
    const read = await this.deps.blobs.get(sha256);
    const chunks: Buffer[] = [];
    for await (const chunk of read.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The frame one second in (or the first), decoded by ffmpeg from a temporary copy of the video. */
  private async posterFrame(source: Source): Promise<Sharp | null> {
    const ffmpeg = this.deps.ffmpeg;
    if (!ffmpeg) return null;
    const video = join(this.deps.dir, `${source.sha256}.${process.pid}.video.tmp`);
    try {
      const read = await this.deps.blobs.get(source.sha256);
      await pipeline(read.stream, createWriteStream(video));
      for (const at of ['1', '0']) {
        const frame = await run(ffmpeg, [
          '-nostdin',
          '-loglevel',
          'error',
          '-ss',
          at,
          '-i',
          video,
          '-frames:v',
          '1',
          '-f',
          'image2pipe',
          '-vcodec',
          'png',
          'pipe:1',
        ]);
        if (frame.length > 0) return (await loadSharp())(frame, { limitInputPixels: MAX_INPUT_PIXELS });
      }
      return null;
    } finally {
      await rm(video, { force: true });
    }
  }
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Runs a program and collects what it writes to stdout (empty on failure), within 30 seconds. */
function run(program: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', () => resolve(Buffer.alloc(0)));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks) : Buffer.alloc(0)));
  });
}
