import type { DeviceInfo, DeviceRuntimeState } from '@kerf/contract';

/** States in which a machine takes no job: the server refuses it at once (never queued for later). */
const AWAY: ReadonlySet<DeviceRuntimeState> = new Set(['offline', 'softShutdown']);

export function canReceiveJob(device: Pick<DeviceInfo, 'state'>): boolean {
  return !AWAY.has(device.state);
}

/**
 * The machines offered in "send to machine": the connected ones first (those that can take the job
 * now), then the rest, shown but not selectable; by name within each group.
 */
export function sendTargets<T extends Pick<DeviceInfo, 'state' | 'name' | 'machineCode'>>(devices: readonly T[]): T[] {
  const title = (d: T) => d.name.trim() || d.machineCode;
  return [...devices].sort(
    (a, b) => Number(canReceiveJob(b)) - Number(canReceiveJob(a)) || title(a).localeCompare(title(b), 'zh-CN'),
  );
}
