import type { DeviceFleetNow, DeviceInfo, DeviceLiveMessage, Page } from '@kerf/contract';

export type DeviceStateMessage = Extract<DeviceLiveMessage, { type: 'state' }>;

/**
 * A state change from the live socket applied to data already on screen, so a row's badge changes the
 * moment the machine does, without reading the list again. Each function hands back the very same
 * object when nothing changed, so the query cache (and React) sees no change either.
 */
export function withLiveState<T extends Pick<DeviceInfo, 'id' | 'state' | 'stateSince'>>(
  device: T,
  message: DeviceStateMessage,
): T {
  if (device.id !== message.deviceId) return device;
  // a message older than what was read (the list answered after the change) must not roll it back
  const since = Date.parse(device.stateSince);
  const at = Date.parse(message.at);
  if (!Number.isNaN(since) && !Number.isNaN(at) && at < since) return device;
  if (device.state === message.state && device.stateSince === message.at) return device;
  return { ...device, state: message.state, stateSince: message.at };
}

export function pageWithLiveState<T extends Page<DeviceInfo>>(page: T | undefined, message: DeviceStateMessage) {
  if (!page) return page;
  let changed = false;
  const list = page.list.map((device) => {
    const next = withLiveState(device, message);
    if (next !== device) changed = true;
    return next;
  });
  return changed ? { ...page, list } : page;
}

/**
 * The count of machines per state after a change; null when the change cannot be counted (the
 * previous state is unknown, or a count would go below zero: the counts were read before a machine
 * this socket had not heard of) and the counts must be read again.
 */
export function countsWithLiveState(counts: DeviceFleetNow, message: DeviceStateMessage): DeviceFleetNow | null {
  const { previous, state } = message;
  if (previous === null) return null;
  if (previous === state) return counts;
  if ((counts[previous] ?? 0) < 1) return null;
  return { ...counts, [previous]: counts[previous] - 1, [state]: (counts[state] ?? 0) + 1 };
}
