import { statSeconds } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { keyFigures } from './key-figures';

describe('key figures', () => {
  it('shows nothing for answers that have not come', () => {
    expect(keyFigures({})).toEqual({
      machines: null,
      processingHours: null,
      poweredOnHours: null,
      utilisation: null,
      jobsDone: null,
      faults: null,
    });
  });

  it('sums the fleet, the range’s hours, its jobs and faults', () => {
    const totals = statSeconds({ running: 3 * 3600, idle: 3600 });
    expect(
      keyFigures({
        fleet: { idle: 2, running: 1, offline: 4 },
        stateTime: { days: [], totals },
        jobs: [{ date: '2025-03-01', started: 5, done: 4 }],
        faults: [{ code: 'E1', count: 2, message: '', devices: 1 }],
      }),
    ).toEqual({ machines: 7, processingHours: 3, poweredOnHours: 4, utilisation: 75, jobsDone: 4, faults: 2 });
  });

  it('has no utilisation without powered-on time', () => {
    expect(keyFigures({ stateTime: { days: [], totals: statSeconds({}) } }).utilisation).toBeNull();
  });
});
