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

/** A kept day's seconds in one state, for one scope (see deviceStatDays). */
interface KeptRow {
  scopeKey: string;
  day: string;
  state: string;
  seconds: number;
}

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

  /** The last local day of the range that has ended by now (null: none has). */
  private lastEnded(range: StatRange, now: Date): string | null {
    const yesterday = shiftDate(localDateOf(now, range.timeZone), -1);
    // YYYY-MM-DD texts sort as the dates do
    const last = range.to.localeCompare(yesterday) < 0 ? range.to : yesterday;
    return last.localeCompare(range.from) < 0 ? null : last;
  }

  /**
   * Seconds per state of ended days for several scopes: the kept days read, the missing ones computed
   * from the state changes in one query (`compute`, over the span they fall in), kept, and returned.
   * Days before a scope's `firstDay` have no time at all.
   */
  private async endedDays(
    scopes: ReadonlyArray<{ key: string; firstDay: string }>,
    range: StatRange,
    compute: (span: StatRange) => Promise<KeptRow[]>,
  ): Promise<KeptRow[]> {
    const keys = scopes.map((s) => s.key);
    const kept = await this.deps.stats.keptDays(keys, range.timeZone, range.from, range.to);
    const have = new Set(kept.map((row) => `${row.scopeKey}|${row.day}`));
    const missing = new Set<string>();
    let first: string | null = null;
    let last: string | null = null;
    for (const scope of scopes) {
      const from = scope.firstDay.localeCompare(range.from) > 0 ? scope.firstDay : range.from;
      if (from.localeCompare(range.to) > 0) continue;
      for (const day of datesBetween(from, range.to)) {
        if (have.has(`${scope.key}|${day}`)) continue;
        missing.add(`${scope.key}|${day}`);
        if (first === null || day.localeCompare(first) < 0) first = day;
        if (last === null || day.localeCompare(last) > 0) last = day;
      }
    }
    const rows: KeptRow[] = kept.filter((row) => row.state !== '');
    if (first === null || last === null) return rows;
    const computed = (await compute({ from: first, to: last, timeZone: range.timeZone })).filter((row) =>
      missing.has(`${row.scopeKey}|${row.day}`),
    );
    const withTime = new Set(computed.map((row) => `${row.scopeKey}|${row.day}`));
    const markers = [...missing]
      .filter((pair) => !withTime.has(pair))
      .map((pair) => {
        const [scopeKey, day] = pair.split('|') as [string, string];
        return { scopeKey, day, state: '', seconds: 0 };
      });
    await this.deps.stats.keepDays(range.timeZone, [...computed, ...markers]);
    return [...rows, ...computed];
  }

  /** Seconds per local day and state: ended days kept (see endedDays), today and later from the changes. */
  private async daySeconds(scope: DeviceScope, range: StatRange, now: Date, deviceId?: string) {
    const { stats } = this.deps;
    const lastEnded = this.lastEnded(range, now);
    if (lastEnded === null) return stats.stateSeconds(scope, range, now, deviceId);
    const key = statScopeKey(scope, deviceId);
    const rows: Array<{ day: string; state: string; seconds: number }> = await this.endedDays(
      [{ key, firstDay: range.from }],
      { ...range, to: lastEnded },
      async (span) => (await stats.stateSeconds(scope, span, now, deviceId)).map((row) => ({ scopeKey: key, ...row })),
    );
    if (lastEnded.localeCompare(range.to) < 0) {
      const live = { from: shiftDate(lastEnded, 1), to: range.to, timeZone: range.timeZone };
      rows.push(...(await stats.stateSeconds(scope, live, now, deviceId)));
    }
    return rows;
  }

  /** Seconds per statistic per machine over the range, the busiest (most processing) first. */
  async byDevice(scope: DeviceScope, range: StatRange): Promise<DeviceStatsByDevice[]> {
    await this.check(scope, range);
    const { stats } = this.deps;
    const now = this.deps.now?.() ?? new Date();
    const machines = await stats.recordedDevices(scope);
    const keyOf = (deviceId: string) => statScopeKey(scope, deviceId);
    const perMachine = async (span: StatRange): Promise<KeptRow[]> =>
      (await stats.stateSecondsByDeviceDay(scope, span, now)).map((row) => ({
        scopeKey: keyOf(row.device_id),
        day: row.day,
        state: row.state,
        seconds: row.seconds,
      }));
    const lastEnded = this.lastEnded(range, now);
    const rows: KeptRow[] = [];
    if (lastEnded !== null) {
      const scopes = machines.map((m) => ({ key: keyOf(m.id), firstDay: localDateOf(m.firstAt, range.timeZone) }));
      rows.push(...(await this.endedDays(scopes, { ...range, to: lastEnded }, perMachine)));
    }
    if (lastEnded === null || lastEnded.localeCompare(range.to) < 0) {
      const from = lastEnded === null ? range.from : shiftDate(lastEnded, 1);
      rows.push(...(await perMachine({ from, to: range.to, timeZone: range.timeZone })));
    }
    const perState = new Map<string, Record<string, number>>();
    for (const row of rows) {
      const entry = perState.get(row.scopeKey) ?? {};
      entry[row.state] = (entry[row.state] ?? 0) + row.seconds;
      perState.set(row.scopeKey, entry);
    }
    return machines
      .filter((m) => perState.has(keyOf(m.id)))
      .map((m) => ({
        deviceId: m.id,
        name: m.name,
        machineCode: m.machineCode,
        seconds: statSeconds(perState.get(keyOf(m.id)) ?? {}),
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
