import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_JOB_LIMITS, DEVICE_JOB_PATHS } from '@kerf/contract';
import type { ServerSecretRepository } from '../system/server-secret.repository.js';

/** The `server_secrets` row holding the key that signs job download addresses. */
export const JOB_LINK_SECRET = 'device.job-link-hmac';

/**
 * Signed, short-lived download addresses of the G-code a machine is sent. A machine has no session:
 * the address itself is the permission, so it names one job, ends soon, and cannot be altered (an
 * HMAC over the job and the end time, with a key every instance shares and keeps across restarts).
 */
export class DeviceJobLinks {
  private key: Buffer | undefined;

  constructor(
    private readonly secrets: ServerSecretRepository,
    private readonly lifetimeMs: number = DEVICE_JOB_LIMITS.fileUrlMs,
  ) {}

  async load(): Promise<void> {
    const stored = await this.secrets.getOrCreate(JOB_LINK_SECRET, () => randomBytes(32).toString('base64'));
    this.key = Buffer.from(stored, 'base64');
  }

  private signature(jobId: string, expires: number): Buffer {
    if (!this.key) throw new Error('job links used before load()');
    return createHmac('sha256', this.key).update(`${jobId}.${expires}`).digest();
  }

  /** The address under `origin` (the cloud's public URL), valid until `now + lifetime`. */
  urlFor(origin: string, jobId: string, now: Date): { url: string; expiresAt: Date } {
    const expires = now.getTime() + this.lifetimeMs;
    const signature = this.signature(jobId, expires).toString('base64url');
    const path = DEVICE_JOB_PATHS.file.replace(':jobId', jobId);
    return {
      url: `${origin}/cloud-api${path}?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires),
    };
  }

  /** True when the address was made by us for this job and has not ended. */
  verify(jobId: string, expires: number, signature: string, now: Date): boolean {
    if (!Number.isSafeInteger(expires) || expires < now.getTime()) return false;
    const given = Buffer.from(signature, 'base64url');
    const wanted = this.signature(jobId, expires);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
}
