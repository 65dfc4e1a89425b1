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

export interface HealthReport {
  status: ComponentStatus;
  version: string;
  uptimeSeconds: number;
  installation: { id: string; installedAt: string; startCount: number } | null;
  components: Record<string, ComponentReport>;
}

const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Asks every component at once, each bounded in time, so one hung part cannot hang the probe. */
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly components: HealthComponent[],
    private readonly about: {
      version: string;
      installation: () => Promise<{ id: string; installedAt: Date; startCount: number } | undefined>;
    },
  ) {}

  async report(): Promise<HealthReport> {
    const entries = await Promise.all(
      this.components.map(async (c): Promise<[string, ComponentReport]> => {
        const begun = performance.now();
        try {
          const result = await withTimeout(c.check(), CHECK_TIMEOUT_MS);
          return [c.name, { ...result, kind: c.kind, latencyMs: Math.round(performance.now() - begun) }];
        } catch (err) {
          return [
            c.name,
            {
              status: 'down',
              kind: c.kind,
              latencyMs: Math.round(performance.now() - begun),
              detail: (err as Error).message,
            },
          ];
        }
      }),
    );
    const components = Object.fromEntries(entries);
    const installation = await this.about.installation().catch(() => undefined);
    return {
      status: entries.every(([, r]) => r.status === 'up') ? 'up' : 'down',
      version: this.about.version,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      installation: installation
        ? {
            id: installation.id,
            installedAt: installation.installedAt.toISOString(),
            startCount: installation.startCount,
          }
        : null,
      components,
    };
  }
}
