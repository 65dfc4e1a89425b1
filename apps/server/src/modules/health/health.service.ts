export type ComponentStatus = 'up' | 'down';

/** A part of the platform that can say whether it works right now (database, blob store, broker…). */
export interface HealthComponent {
  name: string;
  kind: string;
  check(): Promise<{ status: ComponentStatus; detail?: string }>;
}

export interface ComponentReport {
  status: ComponentStatus;
  kind: string;
  latencyMs: number;
  detail?: string;
}

type Installation = { id: string; installedAt: string; startCount: number };

export interface HealthReport {
  status: ComponentStatus;
  version: string;
  uptimeSeconds: number;
  installation: Installation | null;
  components: Record<string, ComponentReport>;
}

export interface HealthOptions {
  /**
   * How long one round of checks stands for the platform's state. A load balancer or a monitor may
   * call the health route hundreds of times a second; each round writes a probe file to the blob
   * store and round-trips the database, so it runs at most this often however many calls arrive.
   */
  maxAgeMs?: number;
  /** A part that has not answered within this long is reported down. */
  checkTimeoutMs?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

export const HEALTH_MAX_AGE_MS = 2000;
const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Round {
  at: number;
  components: Record<string, ComponentReport>;
  installation: Installation | null;
}

/**
 * Asks every component at once, each bounded in time, so one hung part cannot hang the probe. A round
 * of checks is kept for `maxAgeMs`: calls within that time read it; the first call after it starts
 * the next round, and every call arriving meanwhile waits for that same round (never a stale answer
 * older than `maxAgeMs` plus one round, never two rounds at once).
 */
export class HealthService {
  private readonly now: () => number;
  private readonly maxAgeMs: number;
  private readonly checkTimeoutMs: number;
  private readonly startedAt: number;
  private latest: Round | undefined;
  private running: Promise<Round> | undefined;

  constructor(
    private readonly components: HealthComponent[],
    private readonly about: {
      version: string;
      installation: () => Promise<{ id: string; installedAt: Date; startCount: number } | undefined>;
    },
    options: HealthOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? HEALTH_MAX_AGE_MS;
    this.checkTimeoutMs = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
    this.startedAt = this.now();
  }

  async report(): Promise<HealthReport> {
    const round = await this.currentRound();
    const statuses = Object.values(round.components);
    return {
      status: statuses.every((r) => r.status === 'up') ? 'up' : 'down',
      version: this.about.version,
      uptimeSeconds: Math.round((this.now() - this.startedAt) / 1000),
      installation: round.installation,
      components: round.components,
    };
  }

  private currentRound(): Promise<Round> | Round {
    const latest = this.latest;
    if (latest && this.now() - latest.at < this.maxAgeMs) return latest;
    if (!this.running) {
      this.running = this.checkAll().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async checkAll(): Promise<Round> {
    const [entries, installation] = await Promise.all([
      Promise.all(this.components.map((c) => this.checkOne(c))),
      this.about.installation().catch(() => undefined),
    ]);
    const round: Round = {
      // The round's age counts from when it ended: a slow round is not stale the moment it lands.
      at: this.now(),
      components: Object.fromEntries(entries),
      installation: installation
        ? {
            id: installation.id,
            installedAt: installation.installedAt.toISOString(),
            startCount: installation.startCount,
          }
        : null,
    };
    this.latest = round;
    return round;
  }

  private async checkOne(c: HealthComponent): Promise<[string, ComponentReport]> {
    const begun = performance.now();
    const latencyMs = () => Math.round(performance.now() - begun);
    try {
      const result = await withTimeout(c.check(), this.checkTimeoutMs);
      return [c.name, { ...result, kind: c.kind, latencyMs: latencyMs() }];
    } catch (err) {
      return [c.name, { status: 'down', kind: c.kind, latencyMs: latencyMs(), detail: (err as Error).message }];
    }
  }
}
