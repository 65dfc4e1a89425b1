import { describe, expect, it } from 'vitest';
import { durationParts, elapsedSince } from './device-duration';

const MIN = 60_000;

describe('how long a machine has been in its state', () => {
  it('says nothing finer than a minute', () => {
    expect(durationParts(0)).toEqual([]);
    expect(durationParts(59_999)).toEqual([]);
    // a state stamped a moment ahead of this browser's clock
    expect(durationParts(-5_000)).toEqual([]);
    expect(durationParts(Number.NaN)).toEqual([]);
    expect(durationParts(MIN)).toEqual([{ unit: 'minute', count: 1 }]);
  });

  it('keeps the two largest units and drops a zero second one', () => {
    expect(durationParts(125 * MIN)).toEqual([
      { unit: 'hour', count: 2 },
      { unit: 'minute', count: 5 },
    ]);
    expect(durationParts(120 * MIN + 30_000)).toEqual([{ unit: 'hour', count: 2 }]);
    expect(durationParts((3 * 24 + 4) * 60 * MIN + 59 * MIN)).toEqual([
      { unit: 'day', count: 3 },
      { unit: 'hour', count: 4 },
    ]);
    expect(durationParts(2 * 24 * 60 * MIN + 30 * MIN)).toEqual([{ unit: 'day', count: 2 }]);
  });

  it('measures from an ISO time, and not from a missing one', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(elapsedSince('2025-03-01T09:30:00Z', now)).toBe(30 * MIN);
    expect(elapsedSince(null, now)).toBeNaN();
    expect(elapsedSince('yesterday', now)).toBeNaN();
  });
});
