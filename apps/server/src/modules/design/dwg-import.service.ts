import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DWG_IMPORT_CONCURRENCY, DWG_IMPORT_QUEUE, designMessages } from '@kerf/contract';
import { convertDwgInChildProcess } from '@kerf/dwg/process';
import { FormatError, type KerfDocument, LASER_MESSAGES, TooLargeError } from '@kerf/laser';
import { AppError } from '../../http/app-error.js';

export type DwgConverter = (bytes: Uint8Array) => Promise<KerfDocument>;

/**
 * The converter's command line: the server is bundled, so the package's own file is not beside it and
 * the path is found through the workspace package (GPL: it only ever runs as a child process).
 */
function dwgCliPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@kerf/dwg/process')), 'cli.ts');
}

export function childProcessConverter(timeoutMs = 60_000): DwgConverter {
  const cliPath = dwgCliPath();
  return (bytes) => convertDwgInChildProcess(bytes, { timeoutMs, cliPath });
}

/**
 * Reads DWG files for the design editor, a few at a time: each conversion is a separate process that may
 * take a second and hundreds of megabytes, so the rest wait their turn and a crowd beyond the queue is
 * told to try again (429) rather than starting processes without end.
 */
export class DwgImportService {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly convert: DwgConverter,
    private readonly limits = { concurrency: DWG_IMPORT_CONCURRENCY, queue: DWG_IMPORT_QUEUE },
  ) {}

  async import(bytes: Uint8Array): Promise<KerfDocument> {
    if (bytes.length === 0) throw AppError.badRequest(designMessages.dwgEmpty);
    await this.turn();
    try {
      return await this.convert(bytes);
    } catch (error) {
      if (error instanceof FormatError) throw new AppError(400, error.text, { cause: error });
      if (error instanceof TooLargeError) throw new AppError(413, LASER_MESSAGES.tooLarge, { cause: error });
      throw error;
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private async turn() {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.limits.queue) throw new AppError(429, designMessages.dwgBusy);
    // the finishing conversion hands its place over: `running` stays counted for the one woken
    await new Promise<void>((wake) => this.waiting.push(wake));
  }
}
