import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState, PAGE_SIZES } from '@kerf/contract';
import type { DeviceListQuery, DeviceScope } from '../../../api/device-api';

/**
 * What the device list shows, kept in the address (so a reload, a bookmark or the back button from a
 * machine's detail keeps it): the filters, the scope and the page. Defaults are left out of the address.
 */
export interface DeviceListFilters {
  state?: DeviceRuntimeState;
  model?: string;
  keyword?: string;
}

export interface DeviceListView extends DeviceListFilters {
  scope: DeviceScope;
  page: number;
  limit: number;
}

/** SPEC §9: page size 10 by default, from 10, 20, 30, 50. */
export const DEFAULT_DEVICE_LIST_VIEW: Readonly<DeviceListView> = Object.freeze({ scope: 'mine', page: 1, limit: 10 });

/** The server's bounds (device.schema.ts listQuery): a longer value would be refused, not searched. */
export const DEVICE_FILTER_LIMITS = { keywordMax: 64, modelMax: 16 } as const;

const FILTER_KEYS = ['state', 'model', 'keyword'] as const satisfies ReadonlyArray<keyof DeviceListFilters>;

const text = (value: string | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** The view in an address; a hand-edited address that means nothing falls back to the defaults. */
export function viewFromQuery(params: URLSearchParams): DeviceListView {
  const state = params.get('state');
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    state: DEVICE_RUNTIME_STATES.includes(state as DeviceRuntimeState) ? (state as DeviceRuntimeState) : undefined,
    model: text(params.get('model'), DEVICE_FILTER_LIMITS.modelMax),
    keyword: text(params.get('keyword'), DEVICE_FILTER_LIMITS.keywordMax),
    scope: params.get('scope') === 'all' ? 'all' : 'mine',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : DEFAULT_DEVICE_LIST_VIEW.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_DEVICE_LIST_VIEW.limit,
  };
}

export function queryOfView(view: DeviceListView): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = view[key];
    if (value) query.set(key, value);
  }
  if (view.scope !== DEFAULT_DEVICE_LIST_VIEW.scope) query.set('scope', view.scope);
  if (view.page !== DEFAULT_DEVICE_LIST_VIEW.page) query.set('page', String(view.page));
  if (view.limit !== DEFAULT_DEVICE_LIST_VIEW.limit) query.set('limit', String(view.limit));
  return query;
}

/** Some filters changed: back to the first page, since the old page may no longer exist. */
export function withFilters(view: DeviceListView, patch: Partial<DeviceListFilters>): DeviceListView {
  const next: DeviceListView = { ...view, ...patch, page: 1 };
  for (const key of FILTER_KEYS) if (!next[key]) delete next[key];
  return next;
}

/** Another scope lists other machines: the model filter may not exist there, the page surely not. */
export function withScope(view: DeviceListView, scope: DeviceScope): DeviceListView {
  return { ...view, scope, model: undefined, page: 1 };
}

export function clearedFilters(view: DeviceListView): DeviceListView {
  return { scope: view.scope, page: 1, limit: view.limit };
}

export function activeFilterCount(view: DeviceListFilters): number {
  return FILTER_KEYS.filter((key) => view[key] !== undefined).length;
}

/**
 * The server's list query. Every machine (`all`) only for those who may see the fleet: an address
 * carrying scope=all from an administrator's bookmark must not make the server refuse the page.
 */
export function listQueryOf(view: DeviceListView, maySeeFleet: boolean): DeviceListQuery {
  const query: DeviceListQuery = { scope: maySeeFleet ? view.scope : 'mine', page: view.page, limit: view.limit };
  for (const key of FILTER_KEYS) if (view[key]) Object.assign(query, { [key]: view[key] });
  return query;
}
