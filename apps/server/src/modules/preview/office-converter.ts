import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../infra/blob/blob-store.js';

/** A conversion that takes longer than this is given up (a hostile or enormous document). */
const TIMEOUT_MS = 120_000;

/**
 * Office documents as PDF for the viewer, converted by LibreOffice running headless: once per
 * content hash, one conversion at a time (LibreOffice keeps one profile per process), cached under
 * `dir`. Without LibreOffice the converter says it is unavailable.
 */
export class OfficeConverter {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly running = new Map<string, Promise<string>>();

  constructor(
    private readonly deps: { blobs: BlobStore; dir: string; program: string | null; log?: FastifyBaseLogger },
  ) {}

  get available(): boolean {
    return this.deps.program !== null;
  }

  /** The PDF of the stored document (converted now if it was not before). */
  async pdf(source: { sha256: string; extendName: string }): Promise<string> {
    const path = join(this.deps.dir, `${source.sha256}.pdf`);
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return path;
    const pending = this.running.get(source.sha256);
    if (pending) return pending;
    // One after another: a failed conversion does not stop the next.
    const job = this.chain.then(
      () => this.convert(source, path),
      () => this.convert(source, path),
    );
    this.chain = job.catch(() => {});
    this.running.set(source.sha256, job);
    try {
      return await job;
    } finally {
      this.running.delete(source.sha256);
    }
  }

  private async convert(source: { sha256: string; extendName: string }, target: string): Promise<string> {
    const program = this.deps.program;
    if (!program) throw new Error('LibreOffice is not installed');
    await mkdir(this.deps.dir, { recursive: true });
    const work = await mkdtemp(join(tmpdir(), 'kerf-office-'));
    try {
      const input = join(work, `document.${source.extendName.replace(/[^a-z0-9]/gi, '') || 'bin'}`);
      const read = await this.deps.blobs.get(source.sha256);
      await pipeline(read.stream, createWriteStream(input));
      await run(program, [
        `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        input,
      ]);
      const produced = join(work, 'document.pdf');
      await stat(produced);
      const temporary = `${target}.${process.pid}.tmp`;
      // The work folder may be on another filesystem than the cache: copy, then rename in place.
      await copyFile(produced, temporary);
      await rename(temporary, target);
      return target;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: 'ignore', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`LibreOffice exited with ${code}`))));
  });
}
