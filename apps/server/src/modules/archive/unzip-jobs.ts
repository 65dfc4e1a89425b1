import { randomUUID } from 'node:crypto';
import { type Bilingual, messages, type UnzipState } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { UnzipRefusal } from './archive-entry.js';

export interface UnzipJobRecord {
  id: string;
  ownerId: string;
  state: UnzipState;
  progress: number;
  entries: number;
  targetPath: string;
  failure: { text: Bilingual; args: Array<string | number> } | null;
  finishedAt: number | null;
}

export interface UnzipJobOptions {
  /** Jobs unpacking at once; the rest wait in line, so a big archive cannot take the whole server. */
  concurrency?: number;
  /** How long a finished job can still be read. */
  ttlMs?: number;
  /** Jobs one person may have waiting or running. */
  perUser?: number;
  log?: FastifyBaseLogger;
}

/** The message of a failed job: the refusal's, the drive's (quota, a folder gone), or the generic one. */
function failureOf(err: unknown): { text: Bilingual; args: Array<string | number> } | null {
  if (err instanceof UnzipRefusal || err instanceof AppError) return { text: err.text, args: err.args };
  return null;
}

/**
 * Unpacking jobs of this server process: a table the owner polls, and a line that runs a few at a
 * time. Finished jobs are forgotten after a while; a restart forgets them all (and the unpacking
 * in progress, which imports nothing until its very last step).
 */
export class UnzipJobTable {
  private readonly jobs = new Map<string, UnzipJobRecord>();
  private readonly line: Array<{ job: UnzipJobRecord; work: (job: UnzipJobRecord) => Promise<void> }> = [];
  private readonly running = new Set<Promise<void>>();
  private readonly concurrency: number;
  private readonly ttlMs: number;
  private readonly perUser: number;

  constructor(private readonly options: UnzipJobOptions = {}) {
    this.concurrency = options.concurrency ?? 1;
    this.ttlMs = options.ttlMs ?? 60 * 60_000;
    this.perUser = options.perUser ?? 5;
  }

  /** Queues `work` for the owner; 429 when they already have as many jobs waiting or running as allowed. */
  add(ownerId: string, targetPath: string, work: (job: UnzipJobRecord) => Promise<void>): UnzipJobRecord {
    this.forgetExpired();
    let active = 0;
    for (const job of this.jobs.values()) if (job.ownerId === ownerId && job.finishedAt === null) active++;
    if (active >= this.perUser) throw new AppError(429, 'tooManyRequests', { code: 429 });
    const job: UnzipJobRecord = {
      id: randomUUID(),
      ownerId,
      state: 'queued',
      progress: 0,
      entries: 0,
      targetPath,
      failure: null,
      finishedAt: null,
    };
    this.jobs.set(job.id, job);
    this.line.push({ job, work });
    this.pump();
    return job;
  }

  /** The owner's job; someone else's is as absent as a missing one. */
  find(ownerId: string, id: string): UnzipJobRecord | undefined {
    this.forgetExpired();
    const job = this.jobs.get(id);
    return job?.ownerId === ownerId ? job : undefined;
  }

  /** Waits for the jobs running now and drops the ones still waiting (server shutdown). */
  async stop(): Promise<void> {
    for (const { job } of this.line.splice(0)) this.finish(job, { text: messages.serviceUnavailable, args: [] });
    await Promise.allSettled([...this.running]);
  }

  /** Resolves once nothing is waiting or running. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private pump() {
    while (this.running.size < this.concurrency && this.line.length) {
      const { job, work } = this.line.shift()!;
      job.state = 'running';
      const run = work(job)
        .then(() => this.finish(job, null))
        .catch((err) => {
          const failure = failureOf(err);
          if (!failure) this.options.log?.error({ err, jobId: job.id }, 'unpacking an archive failed');
          this.finish(job, failure ?? { text: messages.statusDefault, args: [] });
        })
        .finally(() => {
          this.running.delete(run);
          this.pump();
        });
      this.running.add(run);
    }
  }

  private finish(job: UnzipJobRecord, failure: UnzipJobRecord['failure']) {
    job.state = failure ? 'failed' : 'done';
    job.failure = failure;
    if (!failure) job.progress = 1;
    job.finishedAt = Date.now();
  }

  private forgetExpired() {
    const before = Date.now() - this.ttlMs;
    for (const [id, job] of this.jobs) if (job.finishedAt !== null && job.finishedAt < before) this.jobs.delete(id);
  }
}
