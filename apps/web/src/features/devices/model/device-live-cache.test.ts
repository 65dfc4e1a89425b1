import type { DeviceFleetNow, DeviceInfo, Page } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { countsWithLiveState, type DeviceStateMessage, pageWithLiveState, withLiveState } from './device-live-cache';

const device = (id: string, state: DeviceInfo['state'], stateSince: string) =>
  ({ id, state, stateSince, name: id }) as DeviceInfo;

const change = (patch: Partial<DeviceStateMessage>): DeviceStateMessage => ({
  type: 'state',
  deviceId: 'a',
  state: 'running',
  previous: 'idle',
  at: '2025-03-01T10:05:00.000Z',
  ...patch,
});

describe('live state changes on screen', () => {
  it('changes the machine’s state and since, and nothing else', () => {
    const before = device('a', 'idle', '2025-03-01T10:00:00.000Z');
    expect(withLiveState(before, change({}))).toEqual({ ...before, state: 'running', stateSince: change({}).at });
    expect(withLiveState(before, change({ deviceId: 'b' }))).toBe(before);
  });

  it('does not roll back a state read after the change', () => {
    const read = device('a', 'paused', '2025-03-01T10:06:00.000Z');
    expect(withLiveState(read, change({}))).toBe(read);
  });

  it('patches the one row of a page, and hands back the same page when the machine is not on it', () => {
    const page: Page<DeviceInfo> = {
      list: [device('a', 'idle', '2025-03-01T10:00:00.000Z'), device('b', 'offline', '2025-03-01T09:00:00.000Z')],
      total: 2,
      page: 1,
      limit: 10,
    };
    const next = pageWithLiveState(page, change({}));
    expect(next?.list.map((d) => d.state)).toEqual(['running', 'offline']);
    expect(next?.list[1]).toBe(page.list[1]);
    expect(pageWithLiveState(page, change({ deviceId: 'z' }))).toBe(page);
    expect(pageWithLiveState(undefined, change({}))).toBeUndefined();
  });

  it('moves one machine between the counts, or asks for them again when it cannot', () => {
    const counts = {
      idle: 2,
      running: 0,
      paused: 0,
      abnormal: 0,
      noResponse: 0,
      softShutdown: 0,
      offline: 1,
      other: 0,
    } satisfies DeviceFleetNow;
    expect(countsWithLiveState(counts, change({}))).toMatchObject({ idle: 1, running: 1, offline: 1 });
    expect(countsWithLiveState(counts, change({ previous: 'running', state: 'running' }))).toBe(counts);
    expect(countsWithLiveState(counts, change({ previous: null }))).toBeNull();
    expect(countsWithLiveState(counts, change({ previous: 'paused' }))).toBeNull();
  });
});
