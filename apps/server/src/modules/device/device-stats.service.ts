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

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whose statistics: one machine, every machine, or the machines bound to a user (see deviceStatDays). */
export function statScopeKey(scope: DeviceScope, deviceId?: string): string {
  if (deviceId) return `device:${deviceId}`;
  return scope.all ? 'all' : `user:${scope.userId}`;
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
    const rows = await this.daySeconds(scope, range, this.deps.now?.() ?? new Date(), deviceId);
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

  /**
   * Seconds per local day and state: ended days from those kept (computing and keeping the ones not
   * kept yet), today and later from the state changes.
   */
  private async daySeconds(scope: DeviceScope, range: StatRange, now: Date, deviceId?: string) {
    const { stats } = this.deps;
    const yesterday = shiftDate(localDateOf(now, range.timeZone), -1);
    // YYYY-MM-DD texts sort as the dates do
    const lastEnded = range.to.localeCompare(yesterday) < 0 ? range.to : yesterday;
    if (range.from > lastEnded) return stats.stateSeconds(scope, range, now, deviceId);
    const key = statScopeKey(scope, deviceId);
    const kept = await stats.keptDays(key, range.timeZone, range.from, lastEnded);
    const keptDays = new Set(kept.map((row) => row.day));
    const missing = datesBetween(range.from, lastEnded).filter((day) => !keptDays.has(day));
    const rows = kept.filter((row) => row.state !== '');
    if (missing.length) {
      const span = { from: missing[0]!, to: missing.at(-1)!, timeZone: range.timeZone };
      const wanted = new Set(missing);
      const computed = (await stats.stateSeconds(scope, span, now, deviceId)).filter((row) => wanted.has(row.day));
      const withTime = new Set(computed.map((row) => row.day));
      await stats.keepDays(key, range.timeZone, [
        ...computed,
        ...missing.filter((day) => !withTime.has(day)).map((day) => ({ day, state: '', seconds: 0 })),
      ]);
      rows.push(...computed);
    }
    if (lastEnded < range.to) {
      const live = { from: shiftDate(lastEnded, 1), to: range.to, timeZone: range.timeZone };
      rows.push(...(await stats.stateSeconds(scope, live, now, deviceId)));
    }
    return rows;
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
