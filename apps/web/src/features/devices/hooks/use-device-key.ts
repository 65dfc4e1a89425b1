import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../../stores/session-store';

/** Every device query starts with this key, so one invalidation refreshes lists, details and statistics. */
export const DEVICE_KEY = ['device'] as const;

/** Keyed by the signed-in person: another person signing in on this tab never sees these. */
export function useDeviceKey() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useMemo(() => [...DEVICE_KEY, userId] as const, [userId]);
}

export function useRefreshDevices() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: DEVICE_KEY }), [client]);
}
