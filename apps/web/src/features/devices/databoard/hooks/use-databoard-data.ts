import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type DeviceScope,
  fetchFaults,
  fetchFleetNow,
  fetchJobsPerDay,
  fetchStateTime,
  fetchStatsByDevice,
  type StatsQuery,
} from '../../../../api/device-api';
import { useDeviceKey } from '../../hooks/use-device-key';
import { jobsForEveryDay } from '../model/stat-maths';
import type { LocalDateRange } from '../model/stat-range';

/** A slow safety net under the live socket: a missed message or a closed socket heals within a minute. */
export const DATABOARD_REFRESH_MS = 60_000;

/**
 * A failed query is not asked again on a timer: the request client toasts each failure, and a
 * refused or missing call would toast every minute. The card's retry button asks again.
 */
const refetchUnlessFailed = (query: { state: { status: string } }) =>
  query.state.status === 'error' ? false : DATABOARD_REFRESH_MS;

/** The dashboard's query keys under the device key, so the live hook can refresh each group on its own. */
export function useDataboardKeys() {
  const deviceKey = useDeviceKey();
  return useMemo(
    () => ({
      fleet: [...deviceKey, 'databoard', 'fleet'] as const,
      stats: [...deviceKey, 'databoard', 'stats'] as const,
    }),
    [deviceKey],
  );
}

/** Machines per runtime state now. */
export function useFleetNow(scope: DeviceScope) {
  const keys = useDataboardKeys();
  return useQuery({
    queryKey: [...keys.fleet, scope],
    queryFn: () => fetchFleetNow(scope),
    refetchInterval: refetchUnlessFailed,
    placeholderData: keepPreviousData,
  });
}

/** Every statistic of the range and scope; each card waits only for its own. */
export function useRangeStats(range: LocalDateRange, timeZone: string, scope: DeviceScope) {
  const keys = useDataboardKeys();
  const query: StatsQuery = { from: range.from, to: range.to, tz: timeZone, scope };
  const common = {
    refetchInterval: refetchUnlessFailed,
    // the previous range stays on screen, dimmed, while the next one loads
    placeholderData: keepPreviousData,
  };
  return {
    stateTime: useQuery({
      queryKey: [...keys.stats, 'state-time', query],
      queryFn: () => fetchStateTime(query),
      ...common,
    }),
    byDevice: useQuery({
      queryKey: [...keys.stats, 'by-device', query],
      queryFn: () => fetchStatsByDevice(query),
      ...common,
    }),
    jobs: useQuery({
      queryKey: [...keys.stats, 'jobs', query],
      // every day of the range, so the bars of a quiet day are there too (and stay right while dimmed)
      queryFn: async () => jobsForEveryDay(await fetchJobsPerDay(query), range),
      ...common,
    }),
    faults: useQuery({
      queryKey: [...keys.stats, 'faults', query],
      queryFn: () => fetchFaults(query),
      ...common,
    }),
  };
}

export type RangeStats = ReturnType<typeof useRangeStats>;
