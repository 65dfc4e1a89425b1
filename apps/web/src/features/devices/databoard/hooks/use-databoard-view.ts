import { DEVICE_PERMISSIONS } from '@kerf/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../../app/access/use-can';
import { type DataboardView, queryOfView, viewFromQuery } from '../model/databoard-view';
import { browserTimeZone, type LocalDateRange, localDateIn, rangeDates } from '../model/stat-range';

const TODAY_CHECK_MS = 60_000;

/** Today's date in the zone, moving on at midnight while the page stays open. */
function useLocalToday(timeZone: string): string {
  const [today, setToday] = useState(() => localDateIn(new Date(), timeZone));
  useEffect(() => {
    const check = () => setToday(localDateIn(new Date(), timeZone));
    check();
    const timer = setInterval(check, TODAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [timeZone]);
  return today;
}

export interface DataboardViewState {
  view: DataboardView;
  setView: (next: DataboardView) => void;
  /** Whether the person may switch to every machine (DEVICE_PERMISSIONS.fleet). */
  canSeeFleet: boolean;
  timeZone: string;
  dates: LocalDateRange;
}

/** The range and scope from the address, the viewer's zone and the local days they mean. */
export function useDataboardView(): DataboardViewState {
  const can = useCan();
  const canSeeFleet = can.permission(DEVICE_PERMISSIONS.fleet);
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromQuery(params, canSeeFleet), [params, canSeeFleet]);
  const setView = useCallback(
    (next: DataboardView) => setParams((current) => queryOfView(next, current), { replace: true }),
    [setParams],
  );
  const timeZone = useMemo(browserTimeZone, []);
  const today = useLocalToday(timeZone);
  const dates = useMemo(() => rangeDates(view.range, today), [view.range, today]);
  return { view, setView, canSeeFleet, timeZone, dates };
}
