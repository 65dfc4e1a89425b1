import { DEVICE_DRAWING_STATES, type DeviceJob, type DeviceRuntimeState } from '@kerf/contract';
import { percentOf } from './device-telemetry';

/**
 * What a job sent to a machine looks like in the jobs table (SPEC §4 drawing status to-send → sent →
 * received; task status in progress → done), with what the two states alone cannot say: a job that
 * failed, and a job "in progress" on a machine that is no longer there to run it.
 */
export type JobPhase = 'notStarted' | 'inProgress' | 'interrupted' | 'done' | 'failed';

export interface JobOutlook {
  phase: JobPhase;
  /** Whole percent for the progress bar. */
  percent: number;
  /** For `interrupted`: the machine's state that interrupted it. */
  interruptedBy?: DeviceRuntimeState;
}

/** A machine in one of these states is not running anything, whatever its last job report said. */
const GONE: ReadonlySet<DeviceRuntimeState> = new Set(['offline', 'noResponse', 'softShutdown']);

export function jobOutlook(
  job: Pick<DeviceJob, 'taskState' | 'progress' | 'failure'>,
  deviceState: DeviceRuntimeState,
): JobOutlook {
  const percent = percentOf(job.progress);
  if (job.failure) return { phase: 'failed', percent };
  if (job.taskState === 'done') return { phase: 'done', percent: 100 };
  if (job.taskState === 'inProgress') {
    return GONE.has(deviceState)
      ? { phase: 'interrupted', percent, interruptedBy: deviceState }
      : { phase: 'inProgress', percent };
  }
  return { phase: 'notStarted', percent: 0 };
}

export type DrawingStepStatus = 'process' | 'finish' | 'error';

/**
 * Where a job's drawing is (to-send, sent, received) as a step: the last step is finished; an earlier
 * one is still under way, or failed when the job failed before the machine had the file.
 */
export function drawingStep(job: Pick<DeviceJob, 'drawingState' | 'failure'>): {
  index: number;
  status: DrawingStepStatus;
} {
  const index = Math.max(0, DEVICE_DRAWING_STATES.indexOf(job.drawingState));
  if (index === DEVICE_DRAWING_STATES.length - 1) return { index, status: 'finish' };
  return { index, status: job.failure ? 'error' : 'process' };
}
