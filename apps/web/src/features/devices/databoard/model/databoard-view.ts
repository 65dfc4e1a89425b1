import type { DeviceScope } from '../../../../api/device-api';
import { DATABOARD_RANGES, type DataboardRange } from './stat-range';

/** What the dashboard shows, kept in the address so a reload, a bookmark or an open tag keeps it. */
export interface DataboardView {
  range: DataboardRange;
  scope: DeviceScope;
}

export const DEFAULT_DATABOARD_VIEW: Readonly<DataboardView> = Object.freeze({ range: '7d', scope: 'mine' });

/**
 * Reads the view from the address. `scope=all` counts only for someone who may see every machine
 * (the server refuses it anyway): a shared link must not show an error instead of their own machines.
 */
export function viewFromQuery(params: URLSearchParams, canSeeFleet: boolean): DataboardView {
  const range = params.get('range');
  return {
    range: DATABOARD_RANGES.includes(range as DataboardRange)
      ? (range as DataboardRange)
      : DEFAULT_DATABOARD_VIEW.range,
    scope: canSeeFleet && params.get('scope') === 'all' ? 'all' : 'mine',
  };
}

/** The address for a view, defaults left out; other parameters are kept as they were. */
export function queryOfView(view: DataboardView, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  if (view.range === DEFAULT_DATABOARD_VIEW.range) next.delete('range');
  else next.set('range', view.range);
  if (view.scope === DEFAULT_DATABOARD_VIEW.scope) next.delete('scope');
  else next.set('scope', view.scope);
  return next;
}
