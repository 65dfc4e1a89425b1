import { DEVICE_RUNTIME_STATES } from '@kerf/contract';
import type { DeviceFaultRank, DeviceFleetNow, DeviceJobsPerDay, DeviceStateTime } from '../../../../api/device-api';
import { faultTotal, jobTotals, secondsToHours, toPercent, utilisationOf } from './stat-maths';

/** The figures over the cards; null where its answer has not come (shown as a dash, never as 0). */
export interface KeyFigures {
  machines: number | null;
  processingHours: number | null;
  poweredOnHours: number | null;
  /** Percent of the powered-on time spent processing. */
  utilisation: number | null;
  jobsDone: number | null;
  faults: number | null;
}

export function keyFigures(answers: {
  fleet?: Partial<DeviceFleetNow>;
  stateTime?: DeviceStateTime;
  jobs?: DeviceJobsPerDay[];
  faults?: DeviceFaultRank[];
}): KeyFigures {
  const { fleet, stateTime, jobs, faults } = answers;
  return {
    machines: fleet ? DEVICE_RUNTIME_STATES.reduce((sum, state) => sum + Math.max(0, fleet[state] ?? 0), 0) : null,
    processingHours: stateTime ? secondsToHours(stateTime.totals.processing) : null,
    poweredOnHours: stateTime ? secondsToHours(stateTime.totals.running) : null,
    utilisation: stateTime ? toPercent(utilisationOf(stateTime.totals).ofPoweredOn) : null,
    jobsDone: jobs ? jobTotals(jobs).done : null,
    // the ranking is the top codes only: its sum counts the faults of those codes
    faults: faults ? faultTotal(faults) : null,
  };
}
