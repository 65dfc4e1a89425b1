import { describe, expect, it } from 'vitest';
import { currentJobProgress, percentOf, readTelemetry, roundedNumber } from './device-telemetry';

describe('reading a machine’s telemetry', () => {
  it('reads the suggested fields', () => {
    expect(
      readTelemetry({
        power: 42.5,
        powerLimit: 80,
        progress: 0.35,
        speed: 300,
        jobId: 'j1',
        temperatures: { water: 24.5, tube: 31 },
      }),
    ).toEqual({
      power: 42.5,
      powerLimit: 80,
      progress: 0.35,
      speed: 300,
      jobId: 'j1',
      temperatures: [
        { name: 'water', celsius: 24.5 },
        { name: 'tube', celsius: 31 },
      ],
    });
  });

  it('leaves out what is missing, of the wrong type or out of range', () => {
    expect(readTelemetry(null)).toEqual({ temperatures: [] });
    expect(
      readTelemetry({
        power: '40',
        powerLimit: 140,
        progress: 35,
        speed: Number.NaN,
        jobId: 7,
        temperatures: { water: 'warm', '': 20, tube: 30 },
      }),
    ).toEqual({ temperatures: [{ name: 'tube', celsius: 30 }] });
    expect(readTelemetry({ temperatures: [20, 30] })).toEqual({ temperatures: [] });
  });

  it('shows a job’s progress only while the machine is at work on it', () => {
    const telemetry = { progress: 0.5 };
    expect(currentJobProgress({ state: 'running', telemetry })).toBe(0.5);
    expect(currentJobProgress({ state: 'paused', telemetry })).toBe(0.5);
    // the last progress of a machine now idle or offline belongs to a job that ended or stopped
    expect(currentJobProgress({ state: 'idle', telemetry })).toBeUndefined();
    expect(currentJobProgress({ state: 'offline', telemetry })).toBeUndefined();
    expect(currentJobProgress({ state: 'running', telemetry: null })).toBeUndefined();
  });

  it('never says 100 % before the end', () => {
    expect(percentOf(0.997)).toBe(99);
    expect(percentOf(0.29)).toBe(29);
    expect(percentOf(1)).toBe(100);
    expect(percentOf(Number.NaN)).toBe(0);
    expect(roundedNumber(24.56)).toBe('24.6');
    expect(roundedNumber(40)).toBe('40');
  });
});
