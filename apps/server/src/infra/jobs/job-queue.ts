import { randomUUID } from 'node:crypto';
import { type Bilingual, messages } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { JobFailure, JobRepository, JobRow } from './job.repository.js';

/** What a handler gets: the job's input, and a way to report progress (which also renews its lease). */
export interface JobContext<P> {
  id: string;
  userId: string | null;
  payload: P;
  attempt: number;
  /** 0 to 1; written at most a few times a second. */
  progress(value: number): void;
}

/** A failure a handler wants its owner to read: a catalogue message (both languages) with arguments. */
export interface ReadableFailure {
  text: Bilingual;
  args: Array<string | number>;
}

interface Handler {
  run(ctx: JobContext<unknown>): Promise<unknown>;
  concurrency: number;
  perUser: number;
  running: number;
}

export interface JobQueueOptions {
  /** How long a claim lasts without a progress report before another instance may take the job. */
  leaseMs?: number;
  /** How often an idle worker looks for work queued by other instances. */
  pollMs?: number;
  /** Claims per job before it is given up (its workers kept dying). */
  maxAttempts?: number;
  /** Finished jobs are kept this long for their owners to read. */
  keepFinishedMs?: number;
  log?: FastifyBaseLogger;
}

/** Failures a person should read are AppErrors or carry `text` and `args`; the rest are internal. */
function readable(err: unknown): JobFailure | null {
  if (err instanceof AppError) return { text: err.text, args: err.args };
  const e = err as Partial<ReadableFailure> | null;
  if (e && typeof e === 'object' && e.text && typeof e.text === 'object' && Array.isArray(e.args)) {
    return { text: e.text, args: e.args };
  }
  return null;
}

/**
 * Background work kept in PostgreSQL (ARCHITECTURE "background work"): any instance enqueues, any
 * instance's worker claims (FOR UPDATE SKIP LOCKED) and runs it, and the owner reads its state from
 * whichever instance answers. A claim is a lease renewed by progress reports; when an instance dies,
 * another claims the job again after the lease, so work survives restarts. Handlers must therefore be
 * safe to run again from the start (they write their results in one final transaction).
 */
export class JobQueue {
  private readonly handlers = new Map<string, Handler>();
  private readonly worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private pumping = false;
  private again = false;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly keepFinishedMs: number;
  private lastPurge = 0;

  constructor(
    private readonly repo: JobRepository,
    private readonly options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.keepFinishedMs = options.keepFinishedMs ?? 24 * 3600_000;
  }

  /** Declares how to run jobs of a kind: at most `concurrency` at once here, `perUser` waiting or running per person. */
  handle<P>(
    kind: string,
    run: (ctx: JobContext<P>) => Promise<unknown>,
    limits: { concurrency?: number; perUser?: number } = {},
  ) {
    this.handlers.set(kind, {
      run: run as Handler['run'],
      concurrency: limits.concurrency ?? 1,
      perUser: limits.perUser ?? 5,
      running: 0,
    });
  }

  /** Queues a job for a person; 429 when they already have as many of this kind as allowed. */
  async enqueue(kind: string, userId: string | null, payload: unknown): Promise<JobRow> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no handler for ${kind} jobs`);
    if (userId && (await this.repo.activeCount(kind, userId)) >= handler.perUser) {
      throw new AppError(429, 'tooManyRequests', { code: 429 });
    }
    const job = await this.repo.insert({ kind, userId, payload });
    this.kick();
    return job;
  }

  /** A person's job; another person's is as absent as a missing one. */
  find(userId: string, id: string): Promise<JobRow | undefined> {
    return this.repo.findForUser(userId, id);
  }

  /** Starts this instance's worker. */
  start() {
    if (this.started) return;
    this.started = true;
    const tick = () => {
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops claiming, and waits for the jobs running here (their leases let others take them if we die first). */
  async stop() {
    this.started = false;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.active]);
  }

  /** Resolves once no job of this queue's kinds waits or runs, here or elsewhere (tests). */
  async idle(timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await Promise.allSettled([...this.active]);
      if (!(await this.repo.pending([...this.handlers.keys()]))) return;
      this.kick();
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('jobs still pending');
  }

  /** Looks for work now (after an enqueue here, or on the poll). */
  private kick() {
    if (!this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.pump()
      .catch((err) => this.options.log?.error({ err }, 'job queue: claiming failed'))
      .finally(() => {
        this.pumping = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pump() {
    const now = Date.now();
    if (now - this.lastPurge > 60_000) {
      this.lastPurge = now;
      await this.repo.purgeFinished(new Date(now - this.keepFinishedMs));
      await this.repo.abandon([...this.handlers.keys()], this.maxAttempts, { text: messages.statusDefault, args: [] });
    }
    for (;;) {
      if (!this.started) return;
      const free = [...this.handlers].filter(([, h]) => h.running < h.concurrency).map(([kind]) => kind);
      if (free.length === 0) return;
      const job = await this.repo.claim(free, this.worker, this.leaseMs, this.maxAttempts);
      if (!job) return;
      this.run(job);
    }
  }

  private run(job: JobRow) {
    const handler = this.handlers.get(job.kind)!;
    handler.running++;
    let lastReport = 0;
    let reporting: Promise<unknown> = Promise.resolve();
    const ctx: JobContext<unknown> = {
      id: job.id,
      userId: job.userId,
      payload: job.payload,
      attempt: job.attempts,
      progress: (value) => {
        const now = Date.now();
        if (now - lastReport < 250) return;
        lastReport = now;
        reporting = reporting.then(() =>
          this.repo.report(job.id, this.worker, Math.max(0, Math.min(1, value)), this.leaseMs).catch(() => false),
        );
      },
    };
    const task = handler
      .run(ctx)
      .then(
        async (result) => {
          await reporting;
          await this.repo.finish(job.id, this.worker, { result: result ?? null });
        },
        async (err) => {
          await reporting;
          const failure = readable(err);
          if (!failure) this.options.log?.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
          await this.repo.finish(job.id, this.worker, {
            failure: failure ?? { text: messages.statusDefault, args: [] },
          });
        },
      )
      .catch((err) => this.options.log?.error({ err, jobId: job.id }, 'job queue: recording the outcome failed'))
      .finally(() => {
        handler.running--;
        this.active.delete(task);
        this.kick();
      });
    this.active.add(task);
  }
}
