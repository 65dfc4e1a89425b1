import { PLUGIN_LIMITS, type PluginParamValues } from '@kerf/contract';
import type { FontSpec } from '@kerf/laser';
import {
  type FrameToHost,
  type HostCall,
  type HostToFrame,
  readFrameMessage,
  readMeasureTextArgs,
  type SandboxContext,
  utf8Exceeds,
} from '@kerf/plugins/sandbox';
import { type PluginRunError, sandboxRunError } from './plugin-run-error';
import { iframeSandbox, type SandboxFrame, type SandboxFrameFactory } from './sandbox-frame';

/**
 * The host's side of the plugin sandbox (protocol: @kerf/plugins/sandbox): one hidden iframe, made on
 * the first run, that runs any number of runs at once (each in a worker of its own, told apart by run
 * id). The iframe enforces the time limit; this side keeps a watchdog of its own (the limit plus a
 * margin) in case the iframe itself stops answering, and then replaces it. Answers are checked for
 * size again on arrival and parsed here; what they mean is the caller's business (checkFragment).
 */

/** What plugins may ask of the page while they run. */
export interface HostCalls {
  measureText(text: string, font: FontSpec): Promise<number[]>;
}

export interface PluginSandboxOptions {
  hostCalls: HostCalls;
  /** Makes the iframe; the default loads the server's sandbox page in a hidden, sandboxed iframe. */
  createFrame?: SandboxFrameFactory;
  /** How long a new iframe may take to say it is ready, ms. */
  readyTimeoutMs?: number;
  /** How long past a run's limit the host waits before it gives up on the iframe, ms. */
  watchdogMarginMs?: number;
}

export interface SandboxRunRequest {
  code: string;
  params: PluginParamValues;
  context: SandboxContext;
  /** A shorter limit than PLUGIN_LIMITS.runMillis, ms. */
  limitMs?: number;
  signal?: AbortSignal;
}

interface PendingRun {
  limitMs: number;
  frame: FrameState;
  watchdog: ReturnType<typeof setTimeout>;
  resolve(answer: unknown): void;
  reject(reason: unknown): void;
  abandon(): void;
}

interface FrameState {
  frame: SandboxFrame;
  /** Resolves when the iframe says it is ready; rejects when it is dropped or does not start in time. */
  ready: Promise<void>;
  markReady(): void;
  refuse(reason: PluginRunError): void;
}

export class PluginSandbox {
  private current: FrameState | null = null;
  private readonly runs = new Map<string, PendingRun>();
  private nextRun = 0;
  private disposed = false;
  private readonly createFrame: SandboxFrameFactory;
  private readonly readyTimeoutMs: number;
  private readonly watchdogMarginMs: number;

  constructor(private readonly options: PluginSandboxOptions) {
    this.createFrame = options.createFrame ?? iframeSandbox();
    this.readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
    this.watchdogMarginMs = options.watchdogMarginMs ?? 3_000;
  }

  /** Runs a plugin; resolves with its answer as parsed JSON, or rejects with a PluginRunError (or the abort reason). */
  async run(request: SandboxRunRequest): Promise<unknown> {
    if (this.disposed) throw new Error('the plugin sandbox was disposed');
    const { signal } = request;
    signal?.throwIfAborted();
    const state = this.frameState();
    await untilAborted(state.ready, signal);
    if (this.current !== state) throw sandboxRunError('failed', 'the plugin sandbox was restarted', 0);

    const runId = `run-${++this.nextRun}`;
    const asked = request.limitMs;
    const limitMs =
      asked !== undefined && asked > 0 ? Math.min(asked, PLUGIN_LIMITS.runMillis) : PLUGIN_LIMITS.runMillis;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.finish(runId);
        state.frame.post({ type: 'cancel', runId });
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.runs.set(runId, {
        limitMs,
        frame: state,
        // the iframe stops the run at limitMs; past the margin the iframe itself is not answering
        watchdog: setTimeout(() => this.restart(state, runId), limitMs + this.watchdogMarginMs),
        resolve,
        reject,
        abandon: () => signal?.removeEventListener('abort', onAbort),
      });
      try {
        state.frame.post({
          type: 'run',
          runId,
          code: request.code,
          params: request.params,
          context: request.context,
          limitMs,
        });
      } catch (error) {
        // values that cannot be cloned into a message (a function in the context) are the caller's mistake
        this.finish(runId);
        reject(error);
      }
    });
  }

  /** Removes the iframe; runs still going reject. */
  dispose(): void {
    this.disposed = true;
    if (this.current) this.drop(this.current, 'the plugin sandbox was closed');
  }

  private frameState(): FrameState {
    if (this.current) return this.current;
    let markReady!: () => void;
    let refuse!: (reason: PluginRunError) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      refuse = reject;
    });
    const startLimit = setTimeout(() => this.drop(state, 'the plugin sandbox did not start'), this.readyTimeoutMs);
    ready.then(
      () => clearTimeout(startLimit),
      () => clearTimeout(startLimit),
    );
    // the frame is made last: its messages may come at once, and they need the state
    const state: FrameState = { frame: { post: () => {}, remove: () => {} }, ready, markReady, refuse };
    this.current = state;
    state.frame = this.createFrame((data) => this.receive(state, data));
    return state;
  }

  private receive(state: FrameState, data: unknown): void {
    const message = readFrameMessage(data);
    if (!message || this.current !== state) return;
    if (message.type === 'ready') {
      state.markReady();
      return;
    }
    const run = this.runs.get(message.runId);
    if (!run || run.frame !== state) return;
    this.handle(message, run);
  }

  private handle(message: Exclude<FrameToHost, { type: 'ready' }>, run: PendingRun): void {
    switch (message.type) {
      case 'answer': {
        this.finish(message.runId);
        if (utf8Exceeds(message.json, PLUGIN_LIMITS.answerMaxBytes)) {
          run.reject(sandboxRunError('tooLarge', 'the answer passed the size limit on arrival', run.limitMs));
          return;
        }
        try {
          run.resolve(JSON.parse(message.json));
        } catch {
          run.reject(sandboxRunError('invalid', 'the answer is not JSON', run.limitMs));
        }
        return;
      }
      case 'error':
        this.finish(message.runId);
        run.reject(sandboxRunError(message.kind, message.detail, run.limitMs));
        return;
      case 'hostCall':
        void this.answerHostCall(message, run);
    }
  }

  private async answerHostCall(call: HostCall, run: PendingRun): Promise<void> {
    const reply = (result: { ok: true; value: unknown } | { ok: false; error: string }) => {
      // the run may have ended while the host worked
      if (this.runs.get(call.runId) !== run) return;
      const message: HostToFrame = { type: 'hostReply', runId: call.runId, callId: call.callId, ...result };
      run.frame.frame.post(message);
    };
    const args = readMeasureTextArgs(call.args);
    if (typeof args === 'string') return reply({ ok: false, error: args });
    try {
      reply({ ok: true, value: await this.options.hostCalls.measureText(args.text, args.font) });
    } catch (error) {
      reply({ ok: false, error: `the text could not be measured: ${(error as Error)?.message ?? String(error)}` });
    }
  }

  /** Forgets a run (its answer came, it failed or was abandoned). */
  private finish(runId: string): PendingRun | undefined {
    const run = this.runs.get(runId);
    if (!run) return undefined;
    this.runs.delete(runId);
    clearTimeout(run.watchdog);
    run.abandon();
    return run;
  }

  /** The iframe did not stop a run in time: the run is a timeout, and the iframe is replaced. */
  private restart(state: FrameState, runId: string): void {
    const run = this.finish(runId);
    if (run) run.reject(sandboxRunError('timeout', 'the sandbox iframe stopped answering', run.limitMs));
    this.drop(state, 'the plugin sandbox was restarted');
  }

  /** Removes an iframe; runs on it, or waiting for it to start, fail with the reason. */
  private drop(state: FrameState, reason: string): void {
    if (this.current === state) this.current = null;
    state.frame.remove();
    state.refuse(sandboxRunError('failed', reason, 0));
    for (const [runId, run] of [...this.runs]) {
      if (run.frame !== state) continue;
      this.finish(runId);
      run.reject(sandboxRunError('failed', reason, 0));
    }
  }
}

/** Waits for `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
