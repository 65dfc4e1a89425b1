import type { DeviceCommandKind, DeviceRuntimeState } from '@kerf/contract';

/** How a runtime state looks in a tag or a badge (Ant Design's status names). */
export const STATE_TONE: Record<DeviceRuntimeState, 'success' | 'processing' | 'warning' | 'error' | 'default'> = {
  running: 'processing',
  idle: 'success',
  paused: 'warning',
  abnormal: 'error',
  noResponse: 'warning',
  softShutdown: 'default',
  offline: 'default',
  other: 'default',
};

/**
 * The remote commands that make sense in a state: a machine that is off or silent is offered none
 * (the server refuses them too), a running one can be paused or stopped, a paused one resumed.
 */
export function commandsFor(state: DeviceRuntimeState): DeviceCommandKind[] {
  switch (state) {
    case 'idle':
      return ['start', 'setPowerLimit'];
    case 'running':
      return ['pause', 'stop', 'setPowerLimit'];
    case 'paused':
      return ['resume', 'stop', 'setPowerLimit'];
    case 'abnormal':
      return ['stop'];
    default:
      return [];
  }
}
