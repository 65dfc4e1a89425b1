import {
  CRAFT_LASER_TYPES,
  CRAFT_LIMITS,
  CRAFT_SORTS,
  type CraftFilters,
  type CraftLaserType,
  type CraftLibrary,
  PAGE_SIZES,
} from '@kerf/contract';
import type { CraftListQuery, CraftSortField } from '../../../api/craft-api';

export type { CraftFilters };

/**
 * What the craft table shows, kept in the address (so a reload, a bookmark or the back button keeps
 * it): the filters, the page and the server's sort. Defaults are left out of the address.
 */
export interface CraftView extends CraftFilters {
  page: number;
  limit: number;
  sort: CraftSortField;
  order: 'asc' | 'desc';
}

export const DEFAULT_CRAFT_VIEW: Readonly<CraftView> = Object.freeze({
  page: 1,
  limit: 20,
  sort: 'material',
  order: 'asc',
});

export const FILTER_KEYS = [
  'material',
  'thicknessMin',
  'thicknessMax',
  'machineModel',
  'laserType',
  'powerClass',
  'keyword',
] as const satisfies ReadonlyArray<keyof CraftFilters>;

const text = (value: string | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** A number from the address within bounds, or nothing (a hand-edited address must not break the page). */
const numberIn = (value: string | null, min: number, max: number, whole = false) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) return undefined;
  return whole ? Math.trunc(n) : n;
};

export function viewFromQuery(params: URLSearchParams): CraftView {
  const laserType = params.get('laserType');
  const sort = params.get('sort');
  const limit = Number(params.get('limit'));
  return {
    material: text(params.get('material'), CRAFT_LIMITS.materialMax),
    thicknessMin: numberIn(params.get('thicknessMin'), 0, CRAFT_LIMITS.thicknessMax),
    thicknessMax: numberIn(params.get('thicknessMax'), 0, CRAFT_LIMITS.thicknessMax),
    machineModel: text(params.get('machineModel'), CRAFT_LIMITS.machineModelMax),
    laserType: CRAFT_LASER_TYPES.includes(laserType as CraftLaserType) ? (laserType as CraftLaserType) : undefined,
    powerClass: numberIn(params.get('powerClass'), 1, CRAFT_LIMITS.powerClassMax, true),
    keyword: text(params.get('keyword'), 100),
    page: numberIn(params.get('page'), 1, 1_000_000, true) ?? DEFAULT_CRAFT_VIEW.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_CRAFT_VIEW.limit,
    sort: CRAFT_SORTS.includes(sort as CraftSortField) ? (sort as CraftSortField) : DEFAULT_CRAFT_VIEW.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

export function queryOfView(view: CraftView): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = view[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  if (view.page !== DEFAULT_CRAFT_VIEW.page) query.set('page', String(view.page));
  if (view.limit !== DEFAULT_CRAFT_VIEW.limit) query.set('limit', String(view.limit));
  if (view.sort !== DEFAULT_CRAFT_VIEW.sort || view.order !== DEFAULT_CRAFT_VIEW.order) {
    query.set('sort', view.sort);
    query.set('order', view.order);
  }
  return query;
}

/** A view with some filters changed: back to the first page, since the old page may no longer exist. */
export function withFilters(view: CraftView, patch: Partial<CraftFilters>): CraftView {
  const next: CraftView = { ...view, ...patch, page: 1 };
  for (const key of FILTER_KEYS) if (next[key] === '' || next[key] === null) delete next[key];
  return next;
}

export function clearedFilters(view: CraftView): CraftView {
  return { page: 1, limit: view.limit, sort: view.sort, order: view.order };
}

export function activeFilterCount(view: CraftFilters): number {
  return FILTER_KEYS.filter((key) => view[key] !== undefined).length;
}

/** The server's list query; a thickness range typed backwards is read the way it was meant. */
export function listQueryOf(library: CraftLibrary, view: CraftView): CraftListQuery {
  let { thicknessMin, thicknessMax } = view;
  if (thicknessMin !== undefined && thicknessMax !== undefined && thicknessMin > thicknessMax) {
    [thicknessMin, thicknessMax] = [thicknessMax, thicknessMin];
  }
  return { library, ...view, thicknessMin, thicknessMax };
}
