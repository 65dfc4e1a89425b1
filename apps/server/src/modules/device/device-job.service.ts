import { DEVICE_JOB_LIMITS, type DeviceJob, deviceJobMessages, isDeviceJobFile, type Locale } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { StoredFile } from '../drive/drive.service.js';
import type { DeviceScope } from './device.repository.js';
import type { DeviceService } from './device.service.js';
import type { DeviceJobRepository, JobReport, JobWithCommand } from './device-job.repository.js';
import type { DeviceJobLinks } from './device-job-link.js';
import type { CommandRow } from './device-runtime.repository.js';

/** The drive, as far as jobs need it: a stored file of its owner (or 404). */
export interface JobFiles {
  file(userId: string, id: string): Promise<StoredFile>;
}

const ENDED_UNANSWERED = new Set(['failed', 'timedOut', 'expired']);
/** A failure the cloud concluded is stored as this marker and shown in the reader's language. */
const HASH_MISMATCH = '@hashMismatch';

function failureText(stored: string | null, locale: Locale): string | null {
  if (stored === HASH_MISMATCH) return deviceJobMessages.hashMismatch[locale];
  return stored;
}

/** SPEC §4 drawing state of a job, from its send command and whether the machine confirmed the file. */
export function presentJob(row: JobWithCommand, locale: Locale): DeviceJob {
  const drawingState =
    row.receivedAt || !row.commandId
      ? 'received'
      : row.commandState === 'queued' || row.commandState === 'expired' || row.commandState === null
        ? 'toSend'
        : 'sent';
  const commandFailure =
    !row.receivedAt && row.commandState && ENDED_UNANSWERED.has(row.commandState)
      ? deviceJobMessages.commandEnded[locale].replace('{0}', row.commandMessage || row.commandState)
      : null;
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    fileId: row.fileId,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    drawingState,
    taskState: (row.taskState as DeviceJob['taskState']) ?? null,
    progress: row.progress,
    failure: failureText(row.failure, locale) ?? commandFailure,
    commandId: row.commandId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.commandSentAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Jobs sent to machines (SPEC §4 drawing and task states): a G-code file of the owner's drive goes
 * out as a `sendJob` command with a signed download address and the file's SHA-256; the machine's
 * answer and its job reports move the job on.
 */
export class DeviceJobService {
  constructor(
    private readonly deps: {
      jobs: DeviceJobRepository;
      devices: DeviceService;
      files: JobFiles;
      links: DeviceJobLinks;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Sends a file of the caller's drive to the caller's machine. `origin` is the address machines
   * reach the cloud at. The machine must be connected: like any command, a job is never queued for
   * a machine that is away (it might start hours later, unattended).
   */
  async send(userId: string, deviceId: string, fileId: string, origin: string): Promise<JobWithCommand> {
    const device = await this.deps.devices.get({ userId, all: false }, deviceId);
    const file = await this.deps.files.file(userId, fileId);
    if (!isDeviceJobFile(file.name)) throw AppError.badRequest(deviceJobMessages.notJobFile);
    if (file.fileSize > DEVICE_JOB_LIMITS.fileMaxBytes) throw AppError.badRequest(deviceJobMessages.fileTooLarge);
    const now = this.now();
    const job = await this.deps.jobs.create({
      deviceId: device.id,
      userId,
      fileId: file.id,
      fileName: file.name,
      size: file.fileSize,
      sha256: file.blobSha256,
      now,
    });
    const { url, expiresAt } = this.deps.links.urlFor(origin, job.id, now);
    let command: CommandRow;
    try {
      command = await this.deps.devices.command(
        userId,
        device.id,
        'sendJob',
        {
          jobId: job.id,
          name: file.name,
          size: file.fileSize,
          sha256: file.blobSha256,
          url,
          urlExpiresAt: expiresAt.toISOString(),
        },
        { sendNow: false },
      );
    } catch (error) {
      // refused (the machine is away): no job was sent, so none is listed
      await this.deps.jobs.remove(job.id);
      throw error;
    }
    await this.deps.jobs.attachCommand(job.id, command.id);
    // answered "to send", then sent: the owner's page follows the job through every state live
    const answer = (await this.deps.jobs.one(job.id))!;
    this.deps.devices.sendQueued(device.id);
    return answer;
  }

  async list(scope: DeviceScope, deviceId: string, page: { offset: number; limit: number }) {
    const device = await this.deps.devices.get(scope, deviceId);
    return this.deps.jobs.list(device.id, page);
  }

  /** The file behind a signed address, for the machine; the first fetch is noted on the job. */
  async fileForMachine(jobId: string, expires: number, signature: string): Promise<StoredFile> {
    const now = this.now();
    if (!this.deps.links.verify(jobId, expires, signature, now))
      throw AppError.forbidden(deviceJobMessages.linkExpired);
    const job = await this.deps.jobs.get(jobId);
    if (!job?.sha256) throw AppError.notFound(deviceJobMessages.fileGone);
    await this.deps.jobs.markFetched(job.id, now);
    return {
      name: job.fileName,
      blobSha256: job.sha256,
      fileSize: job.size,
      updatedAt: job.createdAt,
    } as StoredFile;
  }

  /**
   * A machine says it has a sent job's file: true when the SHA-256 it computed is the one sent.
   * A missing or different hash fails the delivery, whatever the machine claimed.
   */
  async confirmDelivery(command: CommandRow, data: Record<string, unknown> | undefined, at: Date): Promise<boolean> {
    const job = await this.deps.jobs.byCommand(command.id);
    if (!job) return true;
    const reported = typeof data?.sha256 === 'string' ? data.sha256.toLowerCase() : '';
    if (reported !== job.sha256) {
      await this.deps.jobs.fail(job.id, HASH_MISMATCH);
      return false;
    }
    await this.deps.jobs.markReceived(job.id, at);
    return true;
  }

  report(serial: string, report: JobReport, at: Date) {
    return this.deps.jobs.report(serial, report, at);
  }
}
