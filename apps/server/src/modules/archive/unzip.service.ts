import {
  ARCHIVE_EXTENSIONS,
  format,
  joinPath,
  type Locale,
  previewMessages,
  UNZIP_LIMITS,
  UNZIP_MODE,
  type UnzipJob,
  type UnzipMode,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { JobContext, JobQueue } from '../../infra/jobs/job-queue.js';
import type { DriveService } from '../drive/drive.service.js';
import { archiveBaseName } from './archive-sniff.js';
import { openArchive } from './open-archive.js';
import { planUnzip, storeBlobs } from './unzip-plan.js';

const jobNotFound = () => AppError.notFound(previewMessages.jobNotFound);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a queued unpacking remembers: the archive, where its entries go, and where that is. */
interface UnzipPayload {
  archiveId: string;
  folderId: string | null;
  newFolder?: string;
  targetPath: string;
}
interface UnzipResult {
  entries: number;
  targetPath: string;
}

/**
 * Unpacks an archive of the drive into the drive, as a background job (SPEC §2/§4 解压): zip, RAR 4
 * and 5, 7z, tar, tgz and gz. A first pass checks everything and writes nothing; a second stores the
 * files' bytes; one transaction then files every folder and file. A refusal at any point leaves the
 * drive as it was: no entry, no quota, and the bytes written (only ever after every check passed)
 * left for the blob collector. Jobs live in the shared job queue: any instance runs them, any
 * instance answers the owner's polls, and one cut off by a restart runs again from the start.
 */
export class UnzipService {
  private readonly limits: typeof UNZIP_LIMITS;
  private readonly kind: string;

  constructor(
    private readonly deps: {
      drive: DriveService;
      blobs: BlobStore;
      jobs: JobQueue;
      limits?: Partial<typeof UNZIP_LIMITS>;
      /** Unpackings running at once on this instance (each holds an archive in memory). */
      concurrency?: number;
      /** The queue's name for these jobs (a test's own service uses its own). */
      kind?: string;
    },
  ) {
    this.limits = { ...UNZIP_LIMITS, ...deps.limits };
    this.kind = deps.kind ?? 'unzip';
    deps.jobs.handle<UnzipPayload>(this.kind, (ctx) => this.unpack(ctx), {
      concurrency: deps.concurrency ?? 1,
      perUser: 5,
    });
  }

  /**
   * Checks what can be checked at once (the archive is the caller's, has an archive's extension and
   * size, the chosen folder is theirs) and queues the unpacking.
   */
  async start(
    userId: string,
    input: { userFileId: string; unzipMode: UnzipMode; folderId?: string | null },
  ): Promise<{ jobId: string }> {
    const archive = await this.deps.drive.file(userId, input.userFileId);
    if (!(ARCHIVE_EXTENSIONS as readonly string[]).includes(archive.extendName)) {
      throw AppError.badRequest(previewMessages.notArchive);
    }
    if (archive.fileSize > this.limits.maxArchiveBytes) throw AppError.badRequest(previewMessages.archiveTooBig);
    const into =
      input.unzipMode === UNZIP_MODE.target
        ? await this.deps.drive.targetFolder(userId, input.folderId)
        : { id: archive.parentId, path: archive.parentPath };
    const newFolder = input.unzipMode === UNZIP_MODE.named ? archiveBaseName(archive.name) : undefined;
    const payload: UnzipPayload = {
      archiveId: archive.id,
      folderId: into.id,
      newFolder,
      targetPath: newFolder ? joinPath(into.path, newFolder) : into.path,
    };
    const job = await this.deps.jobs.enqueue(this.kind, userId, payload);
    return { jobId: job.id };
  }

  /** The caller's job as the contract shows it, its message in their language. */
  async job(userId: string, jobId: string, locale: Locale): Promise<UnzipJob> {
    const job = UUID.test(jobId) ? await this.deps.jobs.find(userId, jobId) : undefined;
    if (!job || job.kind !== this.kind) throw jobNotFound();
    const payload = job.payload as UnzipPayload;
    const result = job.result as UnzipResult | null;
    const failure = job.failure as { text: Record<Locale, string>; args: Array<string | number> } | null;
    const state = job.state as UnzipJob['state'];
    const message = failure
      ? format(failure.text[locale], ...failure.args)
      : (state === 'done' ? previewMessages.unzipped : previewMessages.unzipWaiting)[locale];
    return {
      jobId: job.id,
      state,
      progress: Math.round(job.progress * 1000) / 1000,
      entries: result?.entries ?? 0,
      targetPath: result?.targetPath ?? payload.targetPath,
      message,
    };
  }

  /** Waits until no unpacking is waiting or running (tests). */
  idle(): Promise<void> {
    return this.deps.jobs.idle();
  }

  private async unpack(ctx: JobContext<UnzipPayload>): Promise<UnzipResult> {
    const { drive, blobs } = this.deps;
    const { archiveId, folderId, newFolder } = ctx.payload;
    // Read again now: the archive may have gone to the bin since it was queued.
    const archive = await drive.file(ctx.userId!, archiveId);
    const { usedBytes, quotaBytes } = await drive.quota(archive.userId);
    const opened = await openArchive(blobs, archive, this.limits.maxArchiveBytes);
    try {
      const size = Math.max(1, archive.fileSize);
      const plan = await planUnzip(
        opened.reader(),
        { archiveBytes: archive.fileSize, freeBytes: quotaBytes - usedBytes, limits: this.limits },
        (seen) => {
          // The total is unknown until the end: a curve that keeps rising and stays below 0.4.
          ctx.progress((0.4 * seen) / (seen + size * 4));
        },
      );
      ctx.progress(0.4);
      await drive.noteStored(plan.entries.flatMap((entry) => (entry.blob ? [entry.blob] : [])));
      await storeBlobs(opened.reader(), plan, blobs, (done) => {
        ctx.progress(0.4 + (0.55 * done) / Math.max(1, plan.bytes));
      });
      ctx.progress(0.95);
      const filed = await drive.importTree(archive.userId, { folderId, newFolder }, plan.entries);
      return { entries: filed.entries, targetPath: filed.path };
    } finally {
      opened.free();
    }
  }
}
