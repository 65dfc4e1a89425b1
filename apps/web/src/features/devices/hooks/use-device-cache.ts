import type { DeviceDetail, DeviceFleetNow } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { DeviceScope, listDevices } from '../../../api/device-api';
import {
  countsWithLiveState,
  type DeviceStateMessage,
  pageWithLiveState,
  withLiveState,
} from '../model/device-live-cache';
import { deviceQueryKeys } from '../model/device-query-keys';
import { useDeviceKey } from './use-device-key';

type ListAnswer = Awaited<ReturnType<typeof listDevices>>;

/** The device pages' query keys for the signed-in person. */
export function useDeviceQueryKeys() {
  const base = useDeviceKey();
  return useMemo(() => deviceQueryKeys(base), [base]);
}

/**
 * Applies a live state change to every list page, the machine's detail and the state counts in the
 * cache, at once and without asking the server: a fleet of machines changing state must not turn into
 * a list read per change. `scope` is the socket's: the counts of that scope alone are the ones it
 * hears every change of.
 */
export function useApplyLiveState(scope: DeviceScope) {
  const client = useQueryClient();
  const keys = useDeviceQueryKeys();
  return useCallback(
    (message: DeviceStateMessage) => {
      client.setQueriesData<ListAnswer>({ queryKey: keys.lists }, (page) => pageWithLiveState(page, message));
      client.setQueryData<DeviceDetail>(keys.detail(message.deviceId), (detail) =>
        detail ? withLiveState(detail, message) : detail,
      );
      const countsKey = keys.summary(scope);
      const counts = client.getQueryData<DeviceFleetNow>(countsKey);
      if (!counts) return;
      const next = countsWithLiveState(counts, message);
      if (next) client.setQueryData(countsKey, next);
      else void client.invalidateQueries({ queryKey: countsKey });
    },
    [client, keys, scope],
  );
}
