import type { DeviceInfo, DeviceRuntimeState } from '@kerf/contract';

/**
 * The machine's last telemetry object, read defensively: the cloud keeps whatever the machine sent
 * (docs/device-protocol.md suggests `power` W, `powerLimit` %, `progress` 0–1, `jobId`,
 * `temperatures` {name: °C}, `speed` mm/s), so a field of the wrong type or out of range is left out
 * rather than shown as nonsense.
 */
export interface TelemetryReading {
  power?: number;
  powerLimit?: number;
  /** 0–1 of the current job. */
  progress?: number;
  speed?: number;
  jobId?: string;
  temperatures: Array<{ name: string; celsius: number }>;
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const within = (value: unknown, min: number, max: number): number | undefined => {
  const n = finite(value);
  return n !== undefined && n >= min && n <= max ? n : undefined;
};

export function readTelemetry(telemetry: Record<string, unknown> | null | undefined): TelemetryReading {
  if (!telemetry || typeof telemetry !== 'object') return { temperatures: [] };
  const temperatures: TelemetryReading['temperatures'] = [];
  const rawTemperatures = telemetry.temperatures;
  if (rawTemperatures && typeof rawTemperatures === 'object' && !Array.isArray(rawTemperatures)) {
    for (const [name, value] of Object.entries(rawTemperatures)) {
      const celsius = finite(value);
      if (celsius !== undefined && name.trim()) temperatures.push({ name, celsius });
    }
  }
  const reading: TelemetryReading = { temperatures };
  const power = within(telemetry.power, 0, Number.MAX_SAFE_INTEGER);
  const powerLimit = within(telemetry.powerLimit, 0, 100);
  // a progress beyond 0–1 (a machine sending percent) cannot be told from a wrong one: leave it out
  const progress = within(telemetry.progress, 0, 1);
  const speed = within(telemetry.speed, 0, Number.MAX_SAFE_INTEGER);
  if (power !== undefined) reading.power = power;
  if (powerLimit !== undefined) reading.powerLimit = powerLimit;
  if (progress !== undefined) reading.progress = progress;
  if (speed !== undefined) reading.speed = speed;
  if (typeof telemetry.jobId === 'string' && telemetry.jobId) reading.jobId = telemetry.jobId;
  return reading;
}

/** States in which the machine is in the middle of a job, so its last progress means something. */
const AT_WORK: ReadonlySet<DeviceRuntimeState> = new Set(['running', 'paused']);

/** The current job's progress (0–1) for the list: only while the machine is running or paused on it. */
export function currentJobProgress(device: Pick<DeviceInfo, 'state' | 'telemetry'>): number | undefined {
  return AT_WORK.has(device.state) ? readTelemetry(device.telemetry).progress : undefined;
}

/** Whole percent, rounded down: a job at 99.7 % is not done, and must not say 100. */
export function percentOf(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  return Math.min(100, Math.max(0, Math.floor(fraction * 100 + 1e-9)));
}

/** A number as people read it: at most one decimal, no trailing zero (`12.5`, `40`). */
export function roundedNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}
