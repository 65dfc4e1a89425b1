import type { DeviceLiveMessage, DeviceRuntimeState } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type DeviceScope,
  type EventQuery,
  fetchDevice,
  listCommands,
  listEvents,
  listJobs,
} from '../../../api/device-api';
import { useApplyLiveState, useDeviceQueryKeys } from '../hooks/use-device-cache';
import { type LiveStatus, useDeviceLive } from '../hooks/use-device-live';
import { hasPendingCommand } from '../model/device-command';

/** A connected machine sends telemetry at least every 20 s; the detail reads it about as often. */
const TELEMETRY_REFRESH_MS = 20_000;
/** While the socket is down, a command on its way is followed by reading the history this often. */
const COMMAND_POLL_MS = 5_000;
const AWAY: ReadonlySet<DeviceRuntimeState> = new Set(['offline', 'softShutdown']);

export function useDeviceDetail(id: string) {
  const keys = useDeviceQueryKeys();
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => fetchDevice(id),
    // a machine that does not exist for me will not start existing on a second try
    retry: false,
    // states arrive live, telemetry (power, progress, temperatures) does not
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      return state && !AWAY.has(state) && !q.state.error ? TELEMETRY_REFRESH_MS : false;
    },
  });
}

export function useDeviceCommands(id: string, live: LiveStatus) {
  const keys = useDeviceQueryKeys();
  return useQuery({
    queryKey: keys.commands(id),
    queryFn: () => listCommands(id),
    // each change arrives as a 'command' message; without the socket, a pending command is polled
    refetchInterval: (q) => (live !== 'open' && hasPendingCommand(q.state.data ?? []) ? COMMAND_POLL_MS : false),
  });
}

export function useDeviceEvents(id: string, query: EventQuery) {
  const keys = useDeviceQueryKeys();
  return useQuery({
    queryKey: keys.events(id, query),
    queryFn: () => listEvents(id, query),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceJobs(id: string, page: { page: number; limit: number }) {
  const keys = useDeviceQueryKeys();
  return useQuery({
    queryKey: keys.jobs(id, page),
    queryFn: () => listJobs(id, page.page, page.limit),
    placeholderData: keepPreviousData,
  });
}

/**
 * The live socket for one machine's page: its state changes go straight into the cache (the badge,
 * the controls offered, the list behind), a command or job change reads that table again, and a
 * reconnect reads everything of the machine again, since changes may have been missed meanwhile.
 */
export function useDeviceDetailLive(id: string, scope: DeviceScope): LiveStatus {
  const client = useQueryClient();
  const keys = useDeviceQueryKeys();
  const applyLiveState = useApplyLiveState(scope);
  const onMessage = useCallback(
    (message: DeviceLiveMessage) => {
      if (message.type === 'hello') return;
      if (message.type === 'state') {
        applyLiveState(message);
        // a state change is usually logged too
        if (message.deviceId === id) void client.invalidateQueries({ queryKey: keys.events(id) });
        return;
      }
      if (message.deviceId !== id) return;
      if (message.type === 'command') void client.invalidateQueries({ queryKey: keys.commands(id) });
      else if (message.type === 'job') void client.invalidateQueries({ queryKey: keys.jobs(id) });
    },
    [applyLiveState, client, keys, id],
  );
  const readAgain = useCallback(() => {
    for (const key of [keys.detail(id), keys.commands(id), keys.jobs(id), keys.events(id)]) {
      void client.invalidateQueries({ queryKey: key });
    }
  }, [client, keys, id]);
  return useDeviceLive(onMessage, { scope, onOpen: readAgain });
}
