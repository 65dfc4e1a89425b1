import { DEVICE_STAT_CATEGORIES, statSeconds } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  faultTotal,
  hasAnyTime,
  jobsForEveryDay,
  jobTotals,
  machineLabel,
  ratio,
  STACK_PARTS,
  secondsToHours,
  stackParts,
  toPercent,
  topMachinesByProcessing,
  trackedSeconds,
  utilisationOf,
  utilisationPerDay,
} from './stat-maths';

const HOUR = 3600;
const zero = () => statSeconds({});
/** Seconds per runtime state → per statistic category, exactly as the server sums them. */
const day = (perState: Partial<Record<string, number>>) => statSeconds(perState);
const device = (name: string, machineCode: string, perState: Partial<Record<string, number>>) => ({
  deviceId: machineCode,
  name,
  machineCode,
  seconds: day(perState),
});

describe('seconds, hours and shares', () => {
  it('rounds hours for display', () => {
    expect(secondsToHours(0)).toBe(0);
    expect(secondsToHours(5400)).toBe(1.5);
    expect(secondsToHours(300)).toBe(0.1);
    expect(secondsToHours(100, 2)).toBe(0.03);
  });

  it('has no share of nothing, and keeps shares within 0..1', () => {
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(5, 4)).toBe(1);
    expect(toPercent(null)).toBeNull();
    expect(toPercent(1 / 3)).toBe(33.3);
  });
});

describe('utilisation', () => {
  it('divides processing by powered-on time and by the whole day', () => {
    // one machine, one whole day: 6 h cutting, 2 h idle, 16 h off
    const seconds = day({ running: 6 * HOUR, idle: 2 * HOUR, offline: 16 * HOUR });
    expect(trackedSeconds(seconds)).toBe(24 * HOUR);
    expect(utilisationOf(seconds)).toEqual({ ofPoweredOn: 0.75, ofDay: 0.25 });
  });

  it('counts the whole day once per machine, so a fleet never passes 100 %', () => {
    // two machines, one whole day each: 20 h cutting in all
    const seconds = day({ running: 20 * HOUR, idle: 4 * HOUR, softShutdown: 24 * HOUR });
    expect(utilisationOf(seconds).ofDay).toBeCloseTo(20 / 48);
  });

  it('says nothing of a day with no time at all', () => {
    expect(utilisationOf(zero())).toEqual({ ofPoweredOn: null, ofDay: null });
    expect(
      utilisationPerDay({
        days: [
          { date: '2025-03-01', seconds: zero() },
          { date: '2025-03-02', seconds: day({ running: HOUR, idle: HOUR }) },
        ],
        totals: day({ running: HOUR, idle: HOUR }),
      }),
    ).toEqual([
      { date: '2025-03-01', ofPoweredOn: null, ofDay: null },
      { date: '2025-03-02', ofPoweredOn: 0.5, ofDay: 0.5 },
    ]);
    expect(hasAnyTime(zero())).toBe(false);
    expect(hasAnyTime(day({ offline: 1 }))).toBe(true);
  });
});

describe('stacked state time', () => {
  it('splits the overlapping categories into parts that add up to the tracked time', () => {
    const perState = {
      running: 5,
      idle: 7,
      paused: 11,
      abnormal: 13,
      other: 17,
      softShutdown: 19,
      offline: 23,
      noResponse: 29,
    };
    const seconds = day(perState);
    const parts = stackParts(seconds);
    expect(parts).toEqual({
      processing: 5,
      paused: 11,
      fault: 13,
      idle: 7,
      otherOn: 17,
      shutdown: 19,
      offline: 52,
    });
    const sum = STACK_PARTS.reduce((total, part) => total + parts[part], 0);
    expect(sum).toBe(trackedSeconds(seconds));
    expect(sum).toBe(Object.values(perState).reduce((a, b) => a + b, 0));
  });

  it('never stacks a negative part from inconsistent figures', () => {
    const odd = { ...zero(), running: 1, processing: 2 };
    expect(stackParts(odd).otherOn).toBe(0);
    for (const category of DEVICE_STAT_CATEGORIES) expect(zero()[category]).toBe(0);
  });

  it('ranks machines by processing time, then powered-on time, then name', () => {
    const devices = [
      device('', 'K-003', { running: 10, idle: 50 }),
      device('Beta', 'K-002', { running: 10, idle: 5 }),
      device('Alpha', 'K-001', { running: 10, idle: 5 }),
      device('Big', 'K-004', { running: 99 }),
    ];
    expect(topMachinesByProcessing(devices, 3).map(machineLabel)).toEqual(['Big', 'K-003', 'Alpha']);
    expect(devices[0]!.machineCode).toBe('K-003');
    expect(machineLabel({ name: '  ', machineCode: 'K-9' })).toBe('K-9');
  });
});

describe('totals for the key figures', () => {
  it('sums jobs and faults', () => {
    expect(
      jobTotals([
        { date: '2025-03-01', started: 3, done: 2 },
        { date: '2025-03-02', started: 4, done: 4 },
      ]),
    ).toEqual({ started: 7, done: 6 });
    expect(jobTotals([])).toEqual({ started: 0, done: 0 });
  });

  it('gives every day of the range its jobs, in order, none where the answer left a day out', () => {
    const days = jobsForEveryDay(
      [
        { date: '2025-03-02', started: 1, done: 1 },
        { date: '2025-02-27', started: 2, done: 0 },
        { date: '2025-01-01', started: 9, done: 9 },
      ],
      { from: '2025-02-27', to: '2025-03-02' },
    );
    expect(days).toEqual([
      { date: '2025-02-27', started: 2, done: 0 },
      { date: '2025-02-28', started: 0, done: 0 },
      { date: '2025-03-01', started: 0, done: 0 },
      { date: '2025-03-02', started: 1, done: 1 },
    ]);
    expect(
      faultTotal([
        { code: 'E1', count: 3, message: 'x', devices: 1 },
        { code: 'E2', count: 4, message: 'y', devices: 2 },
      ]),
    ).toBe(7);
  });
});
