import type { UnzipJob, UnzipMode } from '@kerf/contract';
import { createStore } from '../../../stores/create-store';

/**
 * One unpacking (SPEC §2/§4 解压): start the server's background job, then poll it until it is done or
 * has failed. Kept outside React so closing the dialog while it runs ("run in the background") does not
 * stop it, and so the polling rules are tested without a browser.
 */

export interface UnzipRequest {
  userFileId: string;
  unzipMode: UnzipMode;
  /** Mode 2 only: the folder chosen first. */
  folderId?: string;
}

export interface UnzipCalls {
  start(request: UnzipRequest): Promise<{ jobId: string }>;
  job(jobId: string): Promise<UnzipJob>;
}

export interface UnzipRunState {
  phase: 'starting' | 'running' | 'done' | 'failed';
  /** 0 to 1. */
  progress: number;
  /** Where the entries went (once known) and how many there were. */
  targetPath: string;
  entries: number;
  /** The failure, in the server's words, when phase is failed. */
  message: string;
}

/** Quick first looks (small archives finish in well under a second), then once a second. */
export const POLL_DELAYS_MS = [250, 400, 600, 800, 1000] as const;
/** Polls that may fail in a row (a dropped connection) before the run is given up as failed. */
export const POLL_RETRIES = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorText(error: unknown): string {
  const e = error as { serverMessage?: unknown; message?: unknown };
  if (typeof e?.serverMessage === 'string' && e.serverMessage) return e.serverMessage;
  return typeof e?.message === 'string' ? e.message : '';
}

export function startUnzip(calls: UnzipCalls, request: UnzipRequest, wait: (ms: number) => Promise<void> = sleep) {
  const store = createStore<UnzipRunState>({
    phase: 'starting',
    progress: 0,
    targetPath: '',
    entries: 0,
    message: '',
  });
  const patch = (next: Partial<UnzipRunState>) => store.setState((prev) => ({ ...prev, ...next }));
  let stopped = false;

  const fromJob = (job: UnzipJob): Partial<UnzipRunState> => ({
    progress: Math.min(1, Math.max(store.getState().progress, job.progress)),
    targetPath: job.targetPath,
    entries: job.entries,
  });

  async function run(): Promise<UnzipRunState> {
    let jobId: string;
    try {
      jobId = (await calls.start(request)).jobId;
    } catch (error) {
      patch({ phase: 'failed', message: errorText(error) });
      return store.getState();
    }
    patch({ phase: 'running' });
    let failures = 0;
    for (let poll = 0; !stopped; poll++) {
      await wait(POLL_DELAYS_MS[Math.min(poll, POLL_DELAYS_MS.length - 1)]!);
      if (stopped) break;
      let job: UnzipJob;
      try {
        job = await calls.job(jobId);
        failures = 0;
      } catch (error) {
        failures += 1;
        // a 404 means the job is gone (a server restart): polling again cannot help
        const gone = (error as { code?: unknown }).code === 404;
        if (gone || failures >= POLL_RETRIES) {
          patch({ phase: 'failed', message: errorText(error) });
          break;
        }
        continue;
      }
      if (job.state === 'done') {
        patch({ ...fromJob(job), phase: 'done', progress: 1, message: job.message });
        break;
      }
      if (job.state === 'failed') {
        patch({ ...fromJob(job), phase: 'failed', message: job.message });
        break;
      }
      patch(fromJob(job));
    }
    return store.getState();
  }

  const finished = run();
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    /** Resolves when the job is done or failed (or the run was stopped). */
    finished,
    /** Stops polling; the job itself goes on on the server. */
    stop() {
      stopped = true;
    },
  };
}

export type UnzipRun = ReturnType<typeof startUnzip>;

/** The folder mode 1 creates: the archive's name without its archive extension (plans.tar.gz → plans). */
export function archiveFolderName(fileName: string): string {
  const base = fileName.replace(/\.(tar\.gz|tgz|tar|zip|rar|7z|gz)$/i, '');
  return base.trim() ? base : fileName;
}
