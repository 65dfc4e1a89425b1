/**
 * Runs a plugin again a moment after its parameters stop changing (a live preview): each new request
 * waits `delayMs`, then aborts the run before it, so only the newest answer is ever shown. Plain
 * TypeScript; the hook turns its state into renders.
 */

export type LiveRunStatus = 'idle' | 'waiting' | 'running' | 'done' | 'failed';

export interface LiveRunState<I, R> {
  status: LiveRunStatus;
  /** The newest answer and what it was run with; kept on show while the next run waits or runs. */
  result: R | null;
  resultFor: I | null;
  /** Why the newest run failed (its answer is then cleared). */
  error: unknown;
}

type Listener = () => void;

export class LiveRunner<I, R> {
  private current: LiveRunState<I, R> = { status: 'idle', result: null, resultFor: null, error: null };
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: AbortController | null = null;

  constructor(
    private readonly run: (input: I, signal: AbortSignal) => Promise<R>,
    private readonly delayMs: number,
  ) {}

  get state(): LiveRunState<I, R> {
    return this.current;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Asks for a run with `input` (after the pause; at once with `immediate`). `null` means there is
   * nothing to run (a field does not do): what waits or runs is dropped and the last answer stays.
   */
  request(input: I | null, immediate = false) {
    this.cancel();
    if (input === null) {
      this.update({ status: this.current.result ? 'done' : 'idle' });
      return;
    }
    this.update({ status: 'waiting' });
    if (immediate) this.start(input);
    else this.timer = setTimeout(() => this.start(input), this.delayMs);
  }

  /** Stops whatever waits or runs; nothing is reported afterwards. */
  dispose() {
    this.cancel();
    this.listeners.clear();
  }

  private cancel() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
    this.running = null;
  }

  private start(input: I) {
    this.timer = undefined;
    const controller = new AbortController();
    this.running = controller;
    this.update({ status: 'running' });
    this.run(input, controller.signal).then(
      (result) => {
        if (this.running !== controller) return;
        this.running = null;
        this.update({ status: 'done', result, resultFor: input, error: null });
      },
      (error: unknown) => {
        if (this.running !== controller) return;
        this.running = null;
        this.update({ status: 'failed', result: null, resultFor: null, error });
      },
    );
  }

  private update(patch: Partial<LiveRunState<I, R>>) {
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener();
  }
}
