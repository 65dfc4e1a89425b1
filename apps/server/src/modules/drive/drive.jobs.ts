import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { DriveService } from './drive.service.js';
import type { UploadService } from './upload.service.js';

const HOUR_MS = 3_600_000;

/**
 * The drive's housekeeping, run on a timer by every server process (each step is safe to run twice at
 * once): empties bin entries past the retention, drops uploads abandoned for days, and removes the
 * bytes of blobs nobody has referenced for the grace period.
 */
export class DriveHousekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      drive: DriveService;
      uploads: UploadService;
      blobs: BlobStore;
      settings: Config['drive'];
      log?: FastifyBaseLogger;
    },
  ) {}

  async runOnce(now = new Date()) {
    const { settings, drive, uploads, blobs } = this.deps;
    let purgedBatches = 0;
    for (let n = -1; n !== 0; purgedBatches += n) {
      n = await drive.purgeExpired(new Date(now.getTime() - settings.retentionDays * 24 * HOUR_MS));
    }
    const sweptUploads = await uploads.sweep(new Date(now.getTime() - settings.abandonHours * HOUR_MS));
    let collectedBlobs = 0;
    for (let n = -1; n !== 0; collectedBlobs += n) {
      n = await drive.collectBlobs(new Date(now.getTime() - settings.blobGraceHours * HOUR_MS), (sha) =>
        blobs.delete(sha),
      );
    }
    return { purgedBatches, sweptUploads, collectedBlobs };
  }

  start() {
    const seconds = this.deps.settings.jobsIntervalSeconds;
    if (seconds <= 0 || this.timer) return;
    const tick = () => {
      this.running = this.runOnce()
        .then((done) => this.deps.log?.info({ drive: done }, 'drive housekeeping'))
        .catch((err) => this.deps.log?.error({ err }, 'drive housekeeping failed'));
    };
    this.timer = setInterval(tick, seconds * 1000);
    this.timer.unref();
    setTimeout(tick, 5000).unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
