import type { FastifyBaseLogger } from 'fastify';
import type { NewOperLog, OperLogRepository } from './oper-log.repository.js';

/** Entries are written together once this many wait, or after FLUSH_MS. */
const BATCH = 200;
const FLUSH_MS = 500;
/** Beyond this many waiting (a database that does not answer), the oldest are dropped and counted. */
const MAX_WAITING = 20_000;

/**
 * Writes operation-log entries in batches, off the request's path: a request only pushes its entry.
 * `close()` writes what is still waiting, so a clean shutdown loses nothing; a failed batch is kept and
 * tried again with the next one.
 */
export class OperLogWriter {
  private waiting: NewOperLog[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly repo: Pick<OperLogRepository, 'insertMany'>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  push(entry: NewOperLog): void {
    this.waiting.push(entry);
    if (this.waiting.length > MAX_WAITING) {
      this.dropped += this.waiting.length - MAX_WAITING;
      this.waiting.splice(0, this.waiting.length - MAX_WAITING);
    }
    if (this.waiting.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes everything waiting now (and waits for a write under way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, BATCH);
        try {
          await this.repo.insertMany(batch);
        } catch (err) {
          this.waiting.unshift(...batch);
          this.log?.error({ err, waiting: this.waiting.length }, 'operation log: a batch was not written');
          if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_MS * 4).unref();
          return;
        }
      }
      if (this.dropped) {
        this.log?.error({ dropped: this.dropped }, 'operation log: entries dropped while the database was away');
        this.dropped = 0;
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
