import type { DeviceJob } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { drawingStep, jobOutlook } from './device-job-outlook';

const job = (patch: Partial<DeviceJob>): Pick<DeviceJob, 'taskState' | 'progress' | 'failure' | 'drawingState'> => ({
  drawingState: 'received',
  taskState: null,
  progress: 0,
  failure: null,
  ...patch,
});

describe('a job sent to a machine', () => {
  it('is waiting until the machine starts it, then running with its progress', () => {
    expect(jobOutlook(job({ drawingState: 'sent' }), 'idle')).toEqual({ phase: 'notStarted', percent: 0 });
    expect(jobOutlook(job({ taskState: 'inProgress', progress: 0.426 }), 'running')).toEqual({
      phase: 'inProgress',
      percent: 42,
    });
    expect(jobOutlook(job({ taskState: 'done', progress: 0.98 }), 'idle')).toEqual({ phase: 'done', percent: 100 });
  });

  it('is interrupted while "in progress" on a machine that went away', () => {
    for (const state of ['offline', 'noResponse', 'softShutdown'] as const) {
      expect(jobOutlook(job({ taskState: 'inProgress', progress: 0.5 }), state)).toEqual({
        phase: 'interrupted',
        percent: 50,
        interruptedBy: state,
      });
    }
    // paused or in a fault the machine is still there, holding the job
    expect(jobOutlook(job({ taskState: 'inProgress', progress: 0.5 }), 'paused').phase).toBe('inProgress');
    expect(jobOutlook(job({ taskState: 'inProgress', progress: 0.5 }), 'abnormal').phase).toBe('inProgress');
  });

  it('failed whenever it carries a failure, keeping how far it got', () => {
    expect(jobOutlook(job({ taskState: 'inProgress', progress: 0.3, failure: 'interlock open' }), 'idle')).toEqual({
      phase: 'failed',
      percent: 30,
    });
    expect(jobOutlook(job({ drawingState: 'sent', failure: 'hash mismatch' }), 'offline').phase).toBe('failed');
  });

  it('shows the drawing’s step, failed when it never reached the machine', () => {
    expect(drawingStep(job({ drawingState: 'toSend' }))).toEqual({ index: 0, status: 'process' });
    expect(drawingStep(job({ drawingState: 'sent' }))).toEqual({ index: 1, status: 'process' });
    expect(drawingStep(job({ drawingState: 'received' }))).toEqual({ index: 2, status: 'finish' });
    expect(drawingStep(job({ drawingState: 'sent', failure: 'timed out' }))).toEqual({ index: 1, status: 'error' });
    expect(drawingStep(job({ drawingState: 'received', failure: 'interlock open' }))).toEqual({
      index: 2,
      status: 'finish',
    });
  });
});
