import {
  DEVICE_RUNTIME_STATES,
  DEVICE_STAT_MAX_DAYS,
  type DeviceFleetNow,
  type DeviceJobsPerDay,
  type DeviceStatCategory,
  type DeviceStatsByDevice,
  deviceMessages,
  statSeconds,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { DeviceRepository, DeviceScope } from './device.repository.js';
import type { DeviceJobRepository } from './device-job.repository.js';
import type { DeviceStatsRepository, StatRange } from './device-stats.repository.js';

const DAY_MS = 86_400_000;

/** Every local date from..to, inclusive (calendar arithmetic: no time zone is involved). */
function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Statistics of the caller's machines (or one of them): state time per day, fault ranking. */
export class DeviceStatsService {
  constructor(
    private readonly deps: {
      devices: DeviceRepository;
      stats: DeviceStatsRepository;
      jobs: DeviceJobRepository;
      now?: () => Date;
    },
  ) {}

  private async check(scope: DeviceScope, range: StatRange, deviceId?: string) {
    const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1;
    if (!(days >= 1 && days <= DEVICE_STAT_MAX_DAYS) || !isTimeZone(range.timeZone)) {
      throw AppError.badRequest(deviceMessages.statRange);
    }
    if (deviceId && !(await this.deps.devices.get(scope, deviceId))) throw AppError.notFound(deviceMessages.notFound);
  }

  /** Each day of the range with seconds per statistic (zero where nothing was recorded), and the totals. */
  async stateTime(scope: DeviceScope, range: StatRange, deviceId?: string) {
    await this.check(scope, range, deviceId);
    const rows = await this.deps.stats.stateSeconds(scope, range, this.deps.now?.() ?? new Date(), deviceId);
    const perDay = new Map<string, Record<string, number>>();
    for (const row of rows) {
      const day = perDay.get(row.day) ?? {};
      day[row.state] = (day[row.state] ?? 0) + row.seconds;
      perDay.set(row.day, day);
    }
    const days = datesBetween(range.from, range.to).map((date) => ({
      date,
      seconds: statSeconds(perDay.get(date) ?? {}),
    }));
    const totals = statSeconds({});
    for (const day of days) {
      for (const key of Object.keys(totals) as DeviceStatCategory[]) totals[key] += day.seconds[key];
    }
    return { days, totals };
  }

  /** Seconds per statistic per machine over the range, the busiest (most processing) first. */
  async byDevice(scope: DeviceScope, range: StatRange): Promise<DeviceStatsByDevice[]> {
    await this.check(scope, range);
    const rows = await this.deps.stats.stateSecondsByDevice(scope, range, this.deps.now?.() ?? new Date());
    const perDevice = new Map<string, { name: string; machineCode: string; states: Record<string, number> }>();
    for (const row of rows) {
      const entry = perDevice.get(row.device_id) ?? { name: row.name, machineCode: row.machine_code, states: {} };
      entry.states[row.state] = (entry.states[row.state] ?? 0) + row.seconds;
      perDevice.set(row.device_id, entry);
    }
    return [...perDevice]
      .map(([deviceId, entry]) => ({
        deviceId,
        name: entry.name,
        machineCode: entry.machineCode,
        seconds: statSeconds(entry.states),
      }))
      .sort((a, b) => b.seconds.processing - a.seconds.processing || a.machineCode.localeCompare(b.machineCode));
  }

  /** Jobs started and finished on each local day of the range (zero on days without any). */
  async jobsPerDay(scope: DeviceScope, range: StatRange): Promise<DeviceJobsPerDay[]> {
    await this.check(scope, range);
    const rows = new Map((await this.deps.jobs.perDay(scope, range)).map((row) => [row.day, row]));
    return datesBetween(range.from, range.to).map((date) => ({
      date,
      started: rows.get(date)?.started ?? 0,
      done: rows.get(date)?.done ?? 0,
    }));
  }

  /** Machines in each runtime state now. */
  async fleetNow(scope: DeviceScope): Promise<DeviceFleetNow> {
    const counts = Object.fromEntries(DEVICE_RUNTIME_STATES.map((state) => [state, 0])) as DeviceFleetNow;
    for (const row of await this.deps.stats.fleetNow(scope)) {
      if (row.state in counts) counts[row.state as keyof DeviceFleetNow] = row.count;
    }
    return counts;
  }

  async faults(scope: DeviceScope, range: StatRange, deviceId?: string) {
    await this.check(scope, range, deviceId);
    return this.deps.stats.faultRanking(scope, range, 10, deviceId);
  }
}
