import type { DeviceListQuery, DeviceScope, EventQuery } from '../../../api/device-api';

/**
 * The query keys of the device pages, under the signed-in person's device key (`useDeviceKey`), so
 * one invalidation of that key refreshes them all. The list's pages share the `list` prefix: a live
 * state change patches every cached page at once.
 */
export function deviceQueryKeys(base: readonly unknown[]) {
  return {
    lists: [...base, 'list'] as const,
    list: (query: DeviceListQuery) => [...base, 'list', query] as const,
    /** Machines per state, for the list's summary row (kept apart from `list`: another shape). */
    summary: (scope: DeviceScope) => [...base, 'list-summary', scope] as const,
    detail: (id: string) => [...base, 'detail', id] as const,
    commands: (id: string) => [...base, 'commands', id] as const,
    events: (id: string, query?: EventQuery) =>
      query ? ([...base, 'events', id, query] as const) : ([...base, 'events', id] as const),
    jobs: (id: string, page?: { page: number; limit: number }) =>
      page ? ([...base, 'jobs', id, page] as const) : ([...base, 'jobs', id] as const),
  };
}

export type DeviceQueryKeys = ReturnType<typeof deviceQueryKeys>;
