import { DEVICE_COMMAND_STATES, deviceMessages } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_TONE,
  commandMessageText,
  commandParamsText,
  hasPendingCommand,
  isFinalCommandState,
} from './device-command';

describe('remote commands in the history', () => {
  it('gives every state a look, and tells the ones still on their way', () => {
    for (const state of DEVICE_COMMAND_STATES) expect(COMMAND_TONE[state]).toBeDefined();
    expect(['queued', 'sent', 'delivered'].map((s) => isFinalCommandState(s as 'queued'))).toEqual([
      false,
      false,
      false,
    ]);
    expect(hasPendingCommand([{ state: 'succeeded' }, { state: 'delivered' }])).toBe(true);
    expect(hasPendingCommand([{ state: 'succeeded' }, { state: 'timedOut' }, { state: 'expired' }])).toBe(false);
    expect(hasPendingCommand([])).toBe(false);
  });

  it('shows the power limit a command carried', () => {
    expect(commandParamsText({ kind: 'setPowerLimit', params: { percent: 80 } })).toBe('80%');
    expect(commandParamsText({ kind: 'setPowerLimit', params: {} })).toBe('');
    expect(commandParamsText({ kind: 'start', params: { percent: 80 } })).toBe('');
  });

  it('speaks the cloud’s own messages in the reader’s language and keeps the machine’s words', () => {
    const offline = deviceMessages.deviceOffline;
    expect(commandMessageText(offline.en, 'zh-CN')).toBe('设备离线，指令未发送');
    expect(commandMessageText(offline['zh-CN'], 'en')).toBe(offline.en);
    expect(commandMessageText('interlock open', 'zh-CN')).toBe('interlock open');
    expect(commandMessageText('  ', 'en')).toBe('');
  });
});
