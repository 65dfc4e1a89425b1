import type { DeviceLiveMessage } from '@kerf/contract';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { DeviceScope } from '../../../../api/device-api';
import { type LiveStatus, useDeviceLive } from '../../hooks/use-device-live';
import { throttle } from '../model/throttle';
import { useDataboardKeys } from './use-databoard-data';

/** Statistics are sums over days: a second later changes them little, while each refresh is five queries. */
export const STATS_THROTTLE_MS = 10_000;

const notFailed = (query: Query) => query.state.status !== 'error';

/**
 * Keeps the dashboard live: a machine changing state refreshes the fleet counts at once and the
 * statistics at most every ten seconds; a finished job refreshes the statistics too. After a
 * reconnect, when messages may have been missed, everything is read again.
 */
export function useDataboardLive(scope: DeviceScope): LiveStatus {
  const client = useQueryClient();
  const keys = useDataboardKeys();

  // failed queries wait for their card's retry button: each failure would toast again (see use-databoard-data)
  const refreshFleet = useCallback(
    () => void client.invalidateQueries({ queryKey: keys.fleet, predicate: notFailed }),
    [client, keys],
  );
  const refreshStats = useMemo(
    () =>
      throttle(() => void client.invalidateQueries({ queryKey: keys.stats, predicate: notFailed }), STATS_THROTTLE_MS),
    [client, keys],
  );
  useEffect(() => () => refreshStats.cancel(), [refreshStats]);

  const onMessage = useCallback(
    (message: DeviceLiveMessage) => {
      if (message.type === 'state') {
        refreshFleet();
        refreshStats();
      } else if (message.type === 'job') {
        refreshStats();
      }
    },
    [refreshFleet, refreshStats],
  );
  const readAgain = useCallback(() => {
    refreshFleet();
    refreshStats();
  }, [refreshFleet, refreshStats]);

  return useDeviceLive(onMessage, { scope, onOpen: readAgain });
}
