import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveRunner } from './live-runner';

/** A run whose answers the test hands out, recording what it was asked and whether it was aborted. */
function controlledRun() {
  const calls: { input: number; signal: AbortSignal; resolve: (r: string) => void; reject: (e: unknown) => void }[] =
    [];
  const run = (input: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ input, signal, resolve, reject }));
  return { run, calls };
}

describe('the live preview runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once the changes pause, with the newest input', async () => {
    const { run, calls } = controlledRun();
    const runner = new LiveRunner(run, 300);
    runner.request(1);
    vi.advanceTimersByTime(200);
    runner.request(2);
    vi.advanceTimersByTime(200);
    expect(calls).toHaveLength(0);
    expect(runner.state.status).toBe('waiting');
    vi.advanceTimersByTime(100);
    expect(calls.map((c) => c.input)).toEqual([2]);
    expect(runner.state.status).toBe('running');
    calls[0]!.resolve('two');
    await vi.runAllTimersAsync();
    expect(runner.state).toMatchObject({ status: 'done', result: 'two', resultFor: 2 });
  });

  it('aborts a run overtaken by a newer one and never shows its answer', async () => {
    const { run, calls } = controlledRun();
    const runner = new LiveRunner(run, 300);
    runner.request(1, true);
    runner.request(2, true);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve('two');
    calls[0]!.resolve('one');
    await vi.runAllTimersAsync();
    expect(runner.state.result).toBe('two');
  });

  it('keeps the last answer on show while the next one runs, and clears it when a run fails', async () => {
    const { run, calls } = controlledRun();
    const runner = new LiveRunner(run, 300);
    const seen: string[] = [];
    runner.subscribe(() => seen.push(runner.state.status));
    runner.request(1, true);
    calls[0]!.resolve('one');
    await vi.runAllTimersAsync();
    runner.request(2, true);
    expect(runner.state).toMatchObject({ status: 'running', result: 'one', resultFor: 1 });
    calls[1]!.reject(new Error('too many teeth'));
    await vi.runAllTimersAsync();
    expect(runner.state).toMatchObject({ status: 'failed', result: null, resultFor: null });
    expect((runner.state.error as Error).message).toBe('too many teeth');
    expect(seen).toEqual(['waiting', 'running', 'done', 'waiting', 'running', 'failed']);
  });

  it('drops what waits when there is nothing to run, keeping the last answer', async () => {
    const { run, calls } = controlledRun();
    const runner = new LiveRunner(run, 300);
    runner.request(1, true);
    calls[0]!.resolve('one');
    await vi.runAllTimersAsync();
    runner.request(2);
    runner.request(null);
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(runner.state).toMatchObject({ status: 'done', result: 'one' });
  });

  it('stops everything when disposed', async () => {
    const { run, calls } = controlledRun();
    const runner = new LiveRunner(run, 300);
    const listener = vi.fn();
    runner.subscribe(listener);
    runner.request(1, true);
    runner.dispose();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('late');
    await vi.runAllTimersAsync();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(runner.state.result).toBeNull();
  });
});
