import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttled refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one run at the end of the interval', () => {
    const run = vi.fn();
    const refresh = throttle(run, 10_000);
    refresh();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(200);
      refresh();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000 - 4_000 - 1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    // quiet afterwards: nothing more
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs at once again after a quiet interval', () => {
    const run = vi.fn();
    const refresh = throttle(run, 10_000);
    refresh();
    vi.advanceTimersByTime(10_000);
    refresh();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops a pending run when cancelled', () => {
    const run = vi.fn();
    const refresh = throttle(run, 10_000);
    refresh();
    refresh();
    refresh.cancel();
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
