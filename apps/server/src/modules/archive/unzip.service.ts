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
import type { DriveService, StoredFile } from '../drive/drive.service.js';
import { archiveBaseName } from './archive-sniff.js';
import { openArchive } from './open-archive.js';
import { type UnzipJobOptions, type UnzipJobRecord, UnzipJobTable } from './unzip-jobs.js';
import { planUnzip, storeBlobs } from './unzip-plan.js';

const jobNotFound = () => AppError.notFound(previewMessages.jobNotFound);

/**
 * Unpacks an archive of the drive into the drive, as a background job (SPEC §2/§4 解压): zip, RAR 4
 * and 5, 7z, tar, tgz and gz. A first pass checks everything and writes nothing; a second stores the
 * files' bytes; one transaction then files every folder and file. A refusal at any point leaves the
 * drive as it was: no entry, no quota, and the bytes written (only ever after every check passed)
 * left for the blob collector.
 */
export class UnzipService {
  private readonly jobs: UnzipJobTable;
  private readonly limits: typeof UNZIP_LIMITS;

  constructor(
    private readonly deps: {
      drive: DriveService;
      blobs: BlobStore;
      jobs?: UnzipJobOptions;
      limits?: Partial<typeof UNZIP_LIMITS>;
    },
  ) {
    this.jobs = new UnzipJobTable(deps.jobs);
    this.limits = { ...UNZIP_LIMITS, ...deps.limits };
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
    const job = this.jobs.add(userId, newFolder ? joinPath(into.path, newFolder) : into.path, (record) =>
      this.unpack(record, archive, { folderId: into.id, newFolder }),
    );
    return { jobId: job.id };
  }

  /** The caller's job as the contract shows it, its message in their language. */
  job(userId: string, jobId: string, locale: Locale): UnzipJob {
    const job = this.jobs.find(userId, jobId);
    if (!job) throw jobNotFound();
    const message = job.failure
      ? format(job.failure.text[locale], ...job.failure.args)
      : (job.state === 'done' ? previewMessages.unzipped : previewMessages.unzipWaiting)[locale];
    return {
      jobId: job.id,
      state: job.state,
      progress: Math.round(job.progress * 1000) / 1000,
      entries: job.entries,
      targetPath: job.targetPath,
      message,
    };
  }

  /** Waits until no job is waiting or running (tests). */
  idle(): Promise<void> {
    return this.jobs.idle();
  }

  stop(): Promise<void> {
    return this.jobs.stop();
  }

  private async unpack(
    job: UnzipJobRecord,
    archive: StoredFile,
    target: { folderId: string | null; newFolder?: string },
  ): Promise<void> {
    const { drive, blobs } = this.deps;
    const { usedBytes, quotaBytes } = await drive.quota(archive.userId);
    const opened = await openArchive(this.deps.blobs, archive, this.limits.maxArchiveBytes);
    try {
      const size = Math.max(1, archive.fileSize);
      const plan = await planUnzip(
        opened.reader(),
        { archiveBytes: archive.fileSize, freeBytes: quotaBytes - usedBytes, limits: this.limits },
        (seen) => {
          // The total is unknown until the end: a curve that keeps rising and stays below 0.4.
          job.progress = (0.4 * seen) / (seen + size * 4);
        },
      );
      job.progress = 0.4;
      await drive.noteStored(plan.entries.flatMap((entry) => (entry.blob ? [entry.blob] : [])));
      await storeBlobs(opened.reader(), plan, blobs, (done) => {
        job.progress = 0.4 + (0.55 * done) / Math.max(1, plan.bytes);
      });
      job.progress = 0.95;
      const filed = await drive.importTree(archive.userId, target, plan.entries);
      job.entries = filed.entries;
      job.targetPath = filed.path;
    } finally {
      opened.free();
    }
  }
}
