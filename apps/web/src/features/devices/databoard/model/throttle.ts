/** A call that runs at once, then at most once per interval; calls in between merge into one at its end. */
export interface Throttled {
  (): void;
  /** Drops a pending run (the page is leaving). */
  cancel(): void;
}

/**
 * A burst of live state changes (a fleet of machines starting their shift) must not become a burst
 * of statistics queries: the first change refreshes at once, the rest of the burst once more at the
 * end of the interval, so the last change is never left out.
 */
export function throttle(run: () => void, intervalMs: number): Throttled {
  let lastRun = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const fire = () => {
    pending = undefined;
    lastRun = Date.now();
    run();
  };
  const call = () => {
    if (pending !== undefined) return;
    const wait = lastRun + intervalMs - Date.now();
    if (wait <= 0) fire();
    else pending = setTimeout(fire, wait);
  };
  call.cancel = () => {
    clearTimeout(pending);
    pending = undefined;
  };
  return call;
}
