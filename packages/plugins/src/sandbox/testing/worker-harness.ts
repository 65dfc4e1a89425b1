import { WORKER_BOOTSTRAP } from '../worker-bootstrap.js';

/**
 * Test support: a plugin worker without a browser. The worker's script (bootstrap + plugin code) runs
 * in a fresh `node:vm` context, a realm of its own as a worker's is, so a plugin that spoils
 * `Array.prototype` or `JSON` spoils only that realm. The context stands in for the worker's global:
 * `self` is the context itself, `postMessage` records what the bootstrap sends, and messages from the
 * "iframe" arrive as objects of the context's realm, as structured cloning would make them. The package
 * compiles without Node's types, so the one Node module used is typed here and reached through
 * `process.getBuiltinModule` (the tests run in Node only).
 */

interface VmContext extends Record<string, unknown> {}
interface NodeVm {
  createContext(sandbox: object): VmContext;
  runInContext(code: string, context: VmContext, options?: { timeout?: number; filename?: string }): unknown;
}
interface NodeProcess {
  getBuiltinModule(id: 'node:vm'): NodeVm;
}
const vm = (globalThis as unknown as { process: NodeProcess }).process.getBuiltinModule('node:vm');
// the package's types have no timers (no DOM, no Node); the tests run where there are
const { setTimeout } = globalThis as unknown as { setTimeout(callback: () => void, ms: number): unknown };

export interface FakeWorker {
  /** What the bootstrap sent, copied out of the worker's realm, in order. */
  posted: Record<string, unknown>[];
  /** Delivers a message to the worker, as the iframe's `worker.postMessage` would. */
  send(message: unknown): void;
  /** Evaluates an expression inside the worker's realm (to look at what the plugin sees). */
  evaluate(expression: string): unknown;
  /** Resolves with the next message the bootstrap sends (or the first not yet taken). */
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** Starts a worker on `code`; throws what the script throws at its top level (as a worker's error event). */
export function startWorker(code: string): FakeWorker {
  const posted: Record<string, unknown>[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const waiting: (() => void)[] = [];
  const context = vm.createContext({});
  context.postMessage = (message: unknown) => {
    posted.push(JSON.parse(JSON.stringify(message)));
    for (const wake of waiting.splice(0)) wake();
  };
  context.addEventListener = (type: string, listener: (event: { data: unknown }) => void) => {
    if (type === 'message') listeners.push(listener);
  };
  context.fetch = () => Promise.reject(new Error('a worker stand-in has no network'));
  context.importScripts = () => undefined;
  context.setTimeout = setTimeout;
  // the harness keeps the realm's own JSON.parse before any plugin code can replace it
  vm.runInContext('var self = globalThis; var kerfTestRead = JSON.parse;', context);
  const read = context.kerfTestRead as (text: string) => unknown;
  vm.runInContext(`${WORKER_BOOTSTRAP}\n${code}`, context, { timeout: 2000, filename: 'plugin-worker.js' });
  let taken = 0;
  return {
    posted,
    send(message) {
      const inside = read(JSON.stringify(message));
      for (const listener of listeners) listener({ data: inside });
    },
    evaluate: (expression) => vm.runInContext(expression, context),
    async next(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (posted.length <= taken) {
        if (Date.now() > deadline) throw new Error('the worker sent nothing');
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 20);
        });
      }
      return posted[taken++]!;
    },
  };
}

/** The iframe's run message, with the answer budget a test chooses. */
export function runMessage(
  params: Record<string, unknown> = {},
  options: { answerMaxBytes?: number; context?: Record<string, unknown> } = {},
) {
  return {
    type: 'run',
    params,
    context: options.context ?? { locale: 'en', workArea: { width: 400, height: 300 } },
    limits: { answerMaxBytes: options.answerMaxBytes ?? 16 * 1024 * 1024 },
  };
}
