import type { KerfDocument } from '@kerf/laser';
import type { JobResult } from '../model/job/build-job';
import type { MachineProfile } from '../model/job/machine-profiles';
import type { JobReply, JobRequest } from './job.worker';

export class JobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailed';
  }
}

export class JobSuperseded extends Error {
  constructor() {
    super('a newer job was asked for');
    this.name = 'JobSuperseded';
  }
}

/**
 * The job worker seen from the page: one worker kept warm between runs; a new run while one is busy
 * ends that worker (its answer would be stale) and starts a fresh one.
 */
export class JobRunner {
  private worker: Worker | null = null;
  private next = 1;
  private pending: { id: number; resolve(r: { result: JobResult; ms: number }): void; reject(e: Error): void } | null =
    null;

  run(doc: KerfDocument, profile: MachineProfile): Promise<{ result: JobResult; ms: number }> {
    if (this.pending) {
      this.pending.reject(new JobSuperseded());
      this.pending = null;
      this.stop();
    }
    const worker = this.ensureWorker();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      worker.postMessage({ id, doc, profile } satisfies JobRequest);
    });
  }

  /** Ends the worker (the page is leaving, or a run is abandoned). */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    if (this.pending) this.pending.reject(new JobSuperseded());
    this.pending = null;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./job.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<JobReply>) => {
      const reply = event.data;
      const pending = this.pending;
      if (!pending || pending.id !== reply.id) return;
      this.pending = null;
      if ('failure' in reply) pending.reject(new JobFailed(reply.failure));
      else pending.resolve({ result: reply.result, ms: reply.ms });
    };
    worker.onerror = (event) => {
      const pending = this.pending;
      this.pending = null;
      this.worker?.terminate();
      this.worker = null;
      pending?.reject(new JobFailed(event.message || 'the job worker stopped'));
    };
    this.worker = worker;
    return worker;
  }
}
