import {
  type ClashChoice,
  type NameClash,
  UPLOAD_PARALLEL_CHUNKS,
  type UploadChallenge,
  type UploadInit,
  type UploadProof,
  type UploadTicket,
} from '@kerf/contract';
import { createStore, type Store } from '../../../stores/create-store';

/**
 * The drive's upload queue: a plain state machine outside React, driven by a transport (the browser's
 * hashing worker and XHR in the app, fakes in tests).
 *
 *   waiting → hashing → (init) → uploading → completing → done
 *                          ├──────→ instant (the server already has the content: 秒传)
 *                          └──────→ skipped (the name is taken and the person chose to skip)
 *
 * Content that only someone else stored comes with a challenge: the file's answer to it (hashes of a
 * few byte ranges) in a second init is the instant upload; no answer, or a wrong one, a normal upload.
 *   any running state → paused → waiting (resume)      any running state → error → waiting (retry)
 *   any state → removed (cancel; the server forgets the unfinished upload)
 *
 * Chunks go `parallelChunks` at a time; a failed chunk is tried again a few times before the file fails.
 * Asking the server again for the same file and target answers with the chunks it already holds, so a
 * retry, a resume and a page reload (choosing the same file again) send only what is missing.
 */

export type UploadStatus =
  | 'waiting'
  | 'hashing'
  | 'uploading'
  | 'completing'
  | 'paused'
  | 'done'
  | 'instant'
  | 'skipped'
  | 'error';

export interface UploadItem {
  id: string;
  fileName: string;
  /** Folders between the target and the file for folder uploads, `a/b`; '' for a single file. */
  relativePath: string;
  size: number;
  /** The target folder; '0' is the root. */
  folderId: string;
  /** The target folder's path, for people (`/docs`). */
  targetPath: string;
  status: UploadStatus;
  /** Hashing progress, 0 to 1. */
  hashed: number;
  /** Bytes the server holds or is receiving. */
  uploadedBytes: number;
  /** Bytes per second over the last few seconds while uploading. */
  speed: number;
  /** Chunks the server already had when the upload (re)started: a resumed upload has some. */
  resumedChunks: number;
  totalChunks: number;
  uploadId?: string;
  error?: string;
  /** The name the file got when its own was taken in the folder (`part (1).dxf`). */
  savedAs?: string;
  /** The files added together: an answer to a name clash "for all" holds for the rest of them. */
  batch: string;
  /** The file of that name was given this content (the person chose to replace it). */
  replaced?: boolean;
}

export const FINISHED: ReadonlySet<UploadStatus> = new Set(['done', 'instant', 'skipped']);
export const ACTIVE: ReadonlySet<UploadStatus> = new Set(['waiting', 'hashing', 'uploading', 'completing']);

export type InitAnswer<E> =
  | { skipUpload: true; entry: E }
  | { skipUpload: true; skipped: boolean; clash: NameClash }
  | UploadTicket;

export interface UploadTransport<E = unknown> {
  /** Lower-case hex SHA-256 of the whole file; `onProgress` gets 0 to 1. */
  hash(file: Blob, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string>;
  init(body: UploadInit): Promise<InitAnswer<E>>;
  /** Answers an init's challenge from the file's bytes (proof that we hold them, for an instant upload). */
  prove?(file: Blob, challenge: UploadChallenge, signal: AbortSignal): Promise<UploadProof>;
  /** Resolves once the server stored the chunk; `onProgress` gets the bytes sent so far. */
  putChunk(
    uploadId: string,
    index: number,
    chunk: Blob,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<void>;
  complete(uploadId: string, onClash?: ClashChoice): Promise<E>;
  cancel(uploadId: string): Promise<unknown>;
}

export interface UploadQueueOptions<E> {
  transport: UploadTransport<E>;
  /** Files worked on at once (hashing and sending). */
  parallelFiles?: number;
  /** Chunks of one file in flight at once. */
  parallelChunks?: number;
  /** Further tries of a failed chunk before the file fails. */
  chunkRetries?: number;
  /** Wait before the n-th retry of a chunk (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** Progress is published at most this often; status changes at once. 0 publishes every event. */
  progressIntervalMs?: number;
  now?: () => number;
  /** Text of a failure for people. */
  describeError?: (error: unknown) => string;
  /** Called when a file has arrived (uploaded or instant), with the server's entry. */
  onFinished?: (item: UploadItem, entry: E) => void;
  /** The stored name of an entry, to tell people when the server had to rename the file. */
  entryName?: (entry: E) => string | undefined;
  /**
   * Asks what to do when the file's name is taken in its folder. Without it the server numbers the
   * name (`part (1).dxf`), as before.
   */
  resolveClash?: (item: UploadItem, clash: NameClash) => Promise<ClashChoice>;
}

export interface NewUpload {
  file: Blob & { name?: string };
  fileName?: string;
  relativePath?: string;
}

interface Job {
  item: UploadItem;
  file: Blob;
  sha256?: string;
  ticket?: UploadTicket;
  /** What to do about a name clash, once the person has said. */
  onClash?: ClashChoice;
  done: Set<number>;
  inflight: Map<number, number>;
  controller?: AbortController;
  samples: Array<[number, number]>;
}

const SPEED_WINDOW_MS = 3000;

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function abortError(): Error {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}

let counter = 0;

export function createUploadQueue<E = unknown>(options: UploadQueueOptions<E>) {
  const {
    transport,
    parallelFiles = 2,
    parallelChunks = UPLOAD_PARALLEL_CHUNKS,
    chunkRetries = 3,
    retryDelayMs = (attempt) => 500 * attempt,
    progressIntervalMs = 150,
    now = () => Date.now(),
    describeError = (error) => (error instanceof Error ? error.message : String(error)),
    onFinished,
    entryName,
    resolveClash,
  } = options;

  const renamed = (job: Job, entry: E) => {
    const name = entryName?.(entry);
    return name && name !== job.item.fileName ? name : undefined;
  };

  const store: Store<{ items: UploadItem[] }> = createStore({ items: [] as UploadItem[] });
  const jobs = new Map<string, Job>();
  const order: string[] = [];
  let running = 0;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  function publish() {
    if (flushTimer !== undefined) {
      clearTimeout(flushTimer);
      flushTimer = undefined;
    }
    store.setState({ items: order.map((id) => jobs.get(id)!.item) });
  }

  function publishSoon() {
    if (progressIntervalMs <= 0) {
      publish();
      return;
    }
    flushTimer ??= setTimeout(publish, progressIntervalMs);
  }

  function update(job: Job, patch: Partial<UploadItem>, soon = false) {
    job.item = { ...job.item, ...patch };
    if (soon) publishSoon();
    else publish();
  }

  function bytesHeld(job: Job): number {
    const size = job.ticket?.chunkSize ?? 0;
    let bytes = 0;
    for (const index of job.done) bytes += Math.min(size, job.item.size - index * size);
    for (const loaded of job.inflight.values()) bytes += loaded;
    return Math.min(bytes, job.item.size);
  }

  function measure(job: Job) {
    const at = now();
    const bytes = bytesHeld(job);
    job.samples.push([at, bytes]);
    while (job.samples.length > 2 && job.samples[0]![0] < at - SPEED_WINDOW_MS) job.samples.shift();
    const [t0, b0] = job.samples[0]!;
    const speed = at > t0 ? ((bytes - b0) * 1000) / (at - t0) : job.item.speed;
    update(job, { uploadedBytes: bytes, speed: Math.max(0, speed) }, true);
  }

  async function sendChunks(job: Job, signal: AbortSignal) {
    const ticket = job.ticket!;
    const missing = Array.from({ length: ticket.totalChunks }, (_, i) => i).filter((i) => !job.done.has(i));
    let next = 0;
    let failure: unknown;
    const send = async (index: number) => {
      const start = index * ticket.chunkSize;
      const chunk = job.file.slice(start, Math.min(job.item.size, start + ticket.chunkSize));
      for (let attempt = 0; ; attempt++) {
        if (signal.aborted || failure) throw abortError();
        try {
          await transport.putChunk(
            ticket.uploadId,
            index,
            chunk,
            (loaded) => {
              if (signal.aborted) return;
              job.inflight.set(index, Math.min(loaded, chunk.size));
              measure(job);
            },
            signal,
          );
          job.inflight.delete(index);
          job.done.add(index);
          measure(job);
          return;
        } catch (error) {
          job.inflight.delete(index);
          if (signal.aborted || isAbort(error) || attempt >= chunkRetries) throw error;
          const wait = retryDelayMs(attempt + 1);
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    };
    const worker = async () => {
      while (next < missing.length && !failure && !signal.aborted) {
        const index = missing[next++]!;
        try {
          await send(index);
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallelChunks, missing.length) }, worker));
    if (signal.aborted) throw abortError();
    if (failure) throw failure;
  }

  async function run(job: Job) {
    const controller = new AbortController();
    job.controller = controller;
    const { signal } = controller;
    try {
      if (!job.sha256) {
        update(job, { status: 'hashing', hashed: 0 });
        job.sha256 = await transport.hash(
          job.file,
          (fraction) => {
            if (!signal.aborted) update(job, { hashed: fraction }, true);
          },
          signal,
        );
      }
      if (signal.aborted) throw abortError();
      update(job, { status: 'uploading', hashed: 1, speed: 0, error: undefined });
      const body = (): UploadInit => ({
        fileName: job.item.fileName,
        folderId: job.item.folderId,
        relativePath: job.item.relativePath || undefined,
        fileSize: job.item.size,
        sha256: job.sha256!,
        // asked first, so a taken name is a question for the person, not a surprise
        ...(resolveClash ? { onClash: job.onClash ?? 'ask' } : {}),
      });
      let answer = await transport.init(body());
      if (signal.aborted) throw abortError();
      if ('clash' in answer && !answer.skipped && resolveClash) {
        job.onClash = await resolveClash(job.item, answer.clash);
        if (signal.aborted) throw abortError();
        answer = await transport.init(body());
        if (signal.aborted) throw abortError();
      }
      if (!answer.skipUpload && answer.challenge && transport.prove) {
        // A proof we cannot make (the file changed, a read failed) just means sending the bytes.
        const proof = await transport.prove(job.file, answer.challenge, signal).catch(() => undefined);
        if (signal.aborted) throw abortError();
        if (proof) answer = await transport.init({ ...body(), proof });
        if (signal.aborted) throw abortError();
      }
      if ('clash' in answer) {
        update(job, { status: 'skipped', uploadedBytes: 0, speed: 0 });
        return;
      }
      const replaced = job.onClash === 'replace';
      if (answer.skipUpload) {
        update(job, {
          status: 'instant',
          uploadedBytes: job.item.size,
          speed: 0,
          savedAs: renamed(job, answer.entry),
          replaced,
        });
        onFinished?.(job.item, answer.entry);
        return;
      }
      job.ticket = answer;
      job.done = new Set(answer.uploaded);
      job.inflight.clear();
      job.samples = [];
      update(job, {
        uploadId: answer.uploadId,
        totalChunks: answer.totalChunks,
        resumedChunks: answer.uploaded.length,
        uploadedBytes: bytesHeld(job),
      });
      measure(job);
      await sendChunks(job, signal);
      update(job, { status: 'completing', uploadedBytes: job.item.size, speed: 0 });
      const entry = await transport.complete(answer.uploadId, job.onClash);
      if (signal.aborted) throw abortError();
      update(job, { status: 'done', savedAs: renamed(job, entry), replaced });
      onFinished?.(job.item, entry);
    } catch (error) {
      // a pause or a cancel already set the state it wanted
      if (signal.aborted || !jobs.has(job.item.id)) return;
      job.inflight.clear();
      update(job, { status: 'error', speed: 0, error: describeError(error) });
    } finally {
      if (job.controller === controller) job.controller = undefined;
    }
  }

  function pump() {
    while (running < parallelFiles) {
      const job = order.map((id) => jobs.get(id)!).find((j) => j.item.status === 'waiting' && !j.controller);
      if (!job) return;
      running += 1;
      void run(job).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return {
    ...store,

    /** Queues files for the folder `folderId` (path `targetPath`); returns their ids. */
    add(files: readonly NewUpload[], target: { folderId: string; targetPath: string }): string[] {
      const ids: string[] = [];
      counter += 1;
      const batch = `batch-${counter}`;
      for (const { file, fileName, relativePath } of files) {
        counter += 1;
        const id = `upload-${counter}-${Math.random().toString(36).slice(2, 8)}`;
        jobs.set(id, {
          item: {
            id,
            fileName: fileName ?? file.name ?? 'file',
            relativePath: relativePath ?? '',
            size: file.size,
            folderId: target.folderId,
            targetPath: target.targetPath,
            status: 'waiting',
            hashed: 0,
            uploadedBytes: 0,
            speed: 0,
            resumedChunks: 0,
            totalChunks: 0,
            batch,
          },
          file,
          done: new Set(),
          inflight: new Map(),
          samples: [],
        });
        order.push(id);
        ids.push(id);
      }
      publish();
      pump();
      return ids;
    },

    pause(id: string) {
      const job = jobs.get(id);
      if (!job || !['waiting', 'hashing', 'uploading'].includes(job.item.status)) return;
      job.controller?.abort();
      job.inflight.clear();
      update(job, { status: 'paused', speed: 0, uploadedBytes: bytesHeld(job) });
    },

    resume(id: string) {
      const job = jobs.get(id);
      if (job?.item.status !== 'paused') return;
      update(job, { status: 'waiting' });
      pump();
    },

    retry(id: string) {
      const job = jobs.get(id);
      if (job?.item.status !== 'error') return;
      update(job, { status: 'waiting', error: undefined });
      pump();
    },

    /** Stops and forgets an upload; the server drops the chunks it holds. */
    cancel(id: string) {
      const job = jobs.get(id);
      if (!job) return;
      job.controller?.abort();
      jobs.delete(id);
      order.splice(order.indexOf(id), 1);
      const uploadId = job.ticket?.uploadId;
      if (uploadId && !FINISHED.has(job.item.status)) void transport.cancel(uploadId).catch(() => undefined);
      publish();
      pump();
    },

    /**
     * Stops every upload here and empties the list, leaving the server's unfinished uploads to be
     * resumed later (signing out must not show the next person this one's files).
     */
    forgetAll() {
      for (const job of jobs.values()) job.controller?.abort();
      jobs.clear();
      order.length = 0;
      publish();
    },

    /** Removes finished files from the list. */
    clearFinished() {
      for (const id of [...order]) {
        if (FINISHED.has(jobs.get(id)!.item.status)) {
          jobs.delete(id);
          order.splice(order.indexOf(id), 1);
        }
      }
      publish();
    },

    pauseAll() {
      for (const id of [...order]) this.pause(id);
    },

    resumeAll() {
      for (const id of [...order]) {
        const status = jobs.get(id)!.item.status;
        if (status === 'paused') this.resume(id);
        else if (status === 'error') this.retry(id);
      }
    },
  };
}

export type UploadQueue<E = unknown> = ReturnType<typeof createUploadQueue<E>>;

/** Totals for the panel's header. */
export function queueSummary(items: readonly UploadItem[]) {
  let active = 0;
  let finished = 0;
  let failed = 0;
  let paused = 0;
  let bytes = 0;
  let sent = 0;
  let speed = 0;
  for (const item of items) {
    if (ACTIVE.has(item.status)) active += 1;
    if (FINISHED.has(item.status)) finished += 1;
    if (item.status === 'error') failed += 1;
    if (item.status === 'paused') paused += 1;
    if (item.status !== 'instant') {
      bytes += item.size;
      sent += FINISHED.has(item.status) ? item.size : item.uploadedBytes;
    }
    speed += item.status === 'uploading' ? item.speed : 0;
  }
  return { total: items.length, active, finished, failed, paused, bytes, sent, speed };
}
