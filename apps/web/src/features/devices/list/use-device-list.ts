import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DeviceListQuery, type DeviceScope, fetchFleetNow, listDevices } from '../../../api/device-api';
import { useDeviceQueryKeys } from '../hooks/use-device-cache';

/** How often a page showing a machine at work is read again: its job progress is telemetry, not pushed. */
const AT_WORK_REFRESH_MS = 30_000;

export function useDeviceList(query: DeviceListQuery) {
  const keys = useDeviceQueryKeys();
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () => listDevices(query),
    // the old page stays on screen (greyed by the table's spinner) while the next loads
    placeholderData: keepPreviousData,
    // states arrive live; only the progress column needs reading, and only while a machine works
    refetchInterval: (q) =>
      q.state.data?.list.some((device) => device.state === 'running' || device.state === 'paused')
        ? AT_WORK_REFRESH_MS
        : false,
  });
}

/** Machines per state for the summary row (the statistics permission's call). */
export function useDeviceStateCounts(scope: DeviceScope, enabled: boolean) {
  const keys = useDeviceQueryKeys();
  return useQuery({
    queryKey: keys.summary(scope),
    queryFn: () => fetchFleetNow(scope),
    enabled,
    // a summary that cannot be read is left out, not retried over and over
    retry: false,
  });
}
