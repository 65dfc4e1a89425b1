import type { DeviceStatCategory } from '@kerf/contract';
import type {
  DeviceFaultRank,
  DeviceJobsPerDay,
  DeviceStateTime,
  DeviceStatsByDevice,
} from '../../../../api/device-api';
import { addDays, type LocalDateRange } from './stat-range';

/** Seconds per statistic category, as the statistics calls answer them. */
export type StatSeconds = Record<DeviceStatCategory, number>;

/** Hours, rounded for display (a chart of 0.0833333 h helps nobody). */
export function secondsToHours(seconds: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round((seconds / 3600) * factor) / factor;
}

/** A share in [0, 1], or null when there is nothing to divide by (no time is not 0 % busy). */
export function ratio(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.min(1, Math.max(0, part / whole));
}

/** A share as a percentage rounded for display; null stays null (a gap in a line, a dash in a table). */
export function toPercent(share: number | null, digits = 1): number | null {
  if (share === null) return null;
  const factor = 10 ** digits;
  return Math.round(share * 100 * factor) / factor;
}

/**
 * Every second the cloud accounted for: on (`running` already holds idle, processing, paused and
 * fault), soft shutdown and offline. For one machine over a whole past day this is 24 h; for a fleet
 * it is machines × 24 h, and for today it is the time so far.
 */
export function trackedSeconds(seconds: StatSeconds): number {
  return seconds.running + seconds.shutdown + seconds.offline;
}

export interface Utilisation {
  /** Processing ÷ powered-on time: how much of the time it was on did it cut. */
  ofPoweredOn: number | null;
  /** Processing ÷ the whole day (24 h per machine): how much of the calendar it cut. */
  ofDay: number | null;
}

export function utilisationOf(seconds: StatSeconds): Utilisation {
  return {
    ofPoweredOn: ratio(seconds.processing, seconds.running),
    ofDay: ratio(seconds.processing, trackedSeconds(seconds)),
  };
}

export interface DayUtilisation extends Utilisation {
  date: string;
}

export function utilisationPerDay(stateTime: DeviceStateTime): DayUtilisation[] {
  return stateTime.days.map((day) => ({ date: day.date, ...utilisationOf(day.seconds) }));
}

/**
 * The statistic categories overlap (`running` is the sum of the powered-on ones), so a stacked bar
 * needs parts that do not: the powered-on states, what else it did while on (a state the machine
 * called "other"), then soft shutdown and offline. The parts add up to the tracked time.
 */
export const STACK_PARTS = ['processing', 'paused', 'fault', 'idle', 'otherOn', 'shutdown', 'offline'] as const;
export type StackPart = (typeof STACK_PARTS)[number];

export function stackParts(seconds: StatSeconds): Record<StackPart, number> {
  const otherOn = seconds.running - seconds.processing - seconds.paused - seconds.fault - seconds.idle;
  return {
    processing: seconds.processing,
    paused: seconds.paused,
    fault: seconds.fault,
    idle: seconds.idle,
    otherOn: Math.max(0, otherOn),
    shutdown: seconds.shutdown,
    offline: seconds.offline,
  };
}

/** The machine's name as its owner set it, else its machine code. */
export function machineLabel(device: Pick<DeviceStatsByDevice, 'name' | 'machineCode'>): string {
  return device.name.trim() || device.machineCode;
}

/** The busiest machines first (processing time, then powered-on time, then name, so the order is stable). */
export function topMachinesByProcessing(devices: DeviceStatsByDevice[], limit: number): DeviceStatsByDevice[] {
  return [...devices]
    .sort(
      (a, b) =>
        b.seconds.processing - a.seconds.processing ||
        b.seconds.running - a.seconds.running ||
        machineLabel(a).localeCompare(machineLabel(b)),
    )
    .slice(0, limit);
}

/** Whether a span recorded anything at all (a range before the first machine was activated did not). */
export function hasAnyTime(seconds: StatSeconds): boolean {
  return trackedSeconds(seconds) > 0;
}

/**
 * One entry per day of the range, in order: a day without jobs may be left out of the answer, and a
 * bar chart with missing days would put Tuesday next to Friday.
 */
export function jobsForEveryDay(days: DeviceJobsPerDay[], range: LocalDateRange): DeviceJobsPerDay[] {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const out: DeviceJobsPerDay[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const day = byDate.get(date);
    out.push({ date, started: day?.started ?? 0, done: day?.done ?? 0 });
  }
  return out;
}

export function jobTotals(days: DeviceJobsPerDay[]): { started: number; done: number } {
  return days.reduce((sum, day) => ({ started: sum.started + day.started, done: sum.done + day.done }), {
    started: 0,
    done: 0,
  });
}

export function faultTotal(faults: DeviceFaultRank[]): number {
  return faults.reduce((sum, fault) => sum + fault.count, 0);
}
