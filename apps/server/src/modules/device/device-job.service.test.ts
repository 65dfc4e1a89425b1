import { describe, expect, it } from 'vitest';
import type { JobWithCommand } from './device-job.repository.js';
import { presentJob } from './device-job.service.js';

const at = new Date('2026-11-27T08:00:00Z');
const row = (over: Partial<JobWithCommand> = {}): JobWithCommand => ({
  id: 'j',
  deviceId: 'd',
  userId: 'u',
  fileId: 'f',
  fileName: 'box.gcode',
  size: 10,
  sha256: 'ab',
  machineJobId: null,
  commandId: 'c',
  fetchedAt: null,
  receivedAt: null,
  startedAt: null,
  finishedAt: null,
  taskState: null,
  progress: 0,
  failure: null,
  createdAt: at,
  commandState: 'queued',
  commandMessage: '',
  commandSentAt: null,
  deviceName: 'Cutter',
  ...over,
});

describe('a job’s drawing state', () => {
  it('follows its send command until the machine confirms the file', () => {
    expect(presentJob(row(), 'en').drawingState).toBe('toSend');
    expect(presentJob(row({ commandState: 'sent', commandSentAt: at }), 'en')).toMatchObject({
      drawingState: 'sent',
      sentAt: at.toISOString(),
    });
    expect(presentJob(row({ commandState: 'delivered' }), 'en').drawingState).toBe('sent');
    expect(presentJob(row({ commandState: 'succeeded', receivedAt: at }), 'en').drawingState).toBe('received');
    // a job the machine started itself has no command: it was on the machine all along
    expect(presentJob(row({ commandId: null, commandState: null }), 'en').drawingState).toBe('received');
  });

  it('says why it stopped short, in the reader’s language', () => {
    expect(presentJob(row({ commandState: 'expired' }), 'en')).toMatchObject({
      drawingState: 'toSend',
      failure: 'The send command did not complete: expired',
    });
    expect(presentJob(row({ commandState: 'failed', commandMessage: 'HTTP 403' }), 'zh-CN').failure).toBe(
      '发送指令未完成：HTTP 403',
    );
    expect(presentJob(row({ commandState: 'failed', failure: '@hashMismatch' }), 'zh-CN').failure).toBe(
      '设备收到的文件校验不一致',
    );
    expect(presentJob(row({ commandState: 'succeeded', receivedAt: at, failure: 'Lid opened' }), 'en').failure).toBe(
      'Lid opened',
    );
    expect(presentJob(row({ commandState: 'succeeded', receivedAt: at }), 'en').failure).toBeNull();
  });
});
