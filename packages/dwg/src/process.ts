import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkDrawingSize, FormatError, type KerfDocument } from '@kerf/laser';
import { EXIT_BAD_INPUT, EXIT_INTERNAL, errorFromBody, parseErrorBody } from './protocol.js';

/**
 * Runs the DWG converter (cli.ts) in a separate Node process: LibreDWG is GPL and a C library compiled to
 * WebAssembly, so it stays out of the caller's process, and a file that makes it loop, abort or eat
 * memory costs only the child. The parent enforces the time limit and the memory limits.
 */

export interface ChildProcessOptions {
  /** Wall-clock limit for the whole conversion, ms (default 60 000). */
  timeoutMs?: number;
  /** JavaScript heap of the child, MB (`--max-old-space-size`, default 1024). */
  maxHeapMb?: number;
  /** LibreDWG's WebAssembly memory, MB (default 2048; its module reserves 1 GB at start). */
  maxWasmMb?: number;
  /**
   * Path of the CLI to run (default: cli.ts beside this file, or cli.js when this file was compiled).
   * A bundled caller, whose own `import.meta.url` is not this package, must pass it.
   */
  cliPath?: string;
}

const DEFAULTS = { timeoutMs: 60_000, maxHeapMb: 1024, maxWasmMb: 2048 };
type Limits = typeof DEFAULTS;
/** The child's stdout is one JSON text; past this it could not be parsed anyway. */
const MAX_OUTPUT_BYTES = 480 * 1024 * 1024;
/** Allowance for Node itself above the heap and WebAssembly limits before the watchdog kills the child. */
const RSS_SLACK_MB = 512;
const WATCH_INTERVAL_MS = 200;

/** `node` arguments that run the CLI: from source (a .ts file) it needs the tsx loader. */
function cliCommand(cliPath: string | undefined): string[] {
  const cli =
    cliPath ?? fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './cli.ts' : './cli.js', import.meta.url));
  if (!cli.endsWith('.ts')) return [cli];
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href, cli];
}

/** Resident memory of a process in MB from /proc (Linux); undefined where that is not available. */
function residentMb(pid: number): number | undefined {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** How the child ended, with everything it wrote. */
export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** Set when the parent killed the child, with the reason to report. */
  killed?: FormatError;
}

/** Spawns the CLI, feeds it the bytes and collects its output under the limits. */
function runChild(bytes: Uint8Array, limits: Limits, cliPath: string | undefined): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // Liftoff only: LibreDWG runs once per process, and V8's optimising tier-up of its 9 MB module
    // costs more (in compile time and in waiting for it at exit) than it saves.
    const args = [
      `--max-old-space-size=${limits.maxHeapMb}`,
      '--liftoff-only',
      ...cliCommand(cliPath),
      `--max-wasm-mb=${limits.maxWasmMb}`,
    ];
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let killed: FormatError | undefined;
    const kill = (reason: string) => {
      killed ??= new FormatError('dwg', reason);
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => kill(`reading the drawing took longer than ${Math.round(limits.timeoutMs / 1000)} s`),
      limits.timeoutMs,
    );
    const rssLimit = limits.maxHeapMb + limits.maxWasmMb + RSS_SLACK_MB;
    const watch = setInterval(() => {
      const rss = child.pid ? residentMb(child.pid) : undefined;
      if (rss !== undefined && rss > rssLimit) kill('the drawing needs more memory than the converter may use');
    }, WATCH_INTERVAL_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT_BYTES) kill('the converted drawing is too large');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    child.stdin.on('error', () => {}); // the child may exit before reading everything (EPIPE)
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watch);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      resolve({ code, signal, stdout: Buffer.concat(out), stderr, killed });
    });
    child.stdin.end(bytes);
  });
}

/** The document, or the exception the child's exit stands for (exported for tests). */
export function childOutcome(result: ChildResult): KerfDocument {
  if (result.killed) throw result.killed;
  const text = result.stdout.toString('utf8');
  if (result.code === 0) {
    try {
      return JSON.parse(text) as KerfDocument;
    } catch {
      throw new Error('DWG converter failed: its output is not valid JSON');
    }
  }
  const body = result.code === EXIT_BAD_INPUT || result.code === EXIT_INTERNAL ? parseErrorBody(text) : undefined;
  if (body) throw errorFromBody(body);
  if (/heap out of memory|Allocation failed/i.test(result.stderr)) {
    throw new FormatError('dwg', 'the drawing needs more memory than the converter may use');
  }
  if (!result.signal && result.code === EXIT_INTERNAL) {
    // The converter failed without saying why (it could not start, or a bug): not the file's fault.
    const first = result.stderr.split('\n').find((l) => l.trim()) ?? 'no message';
    throw new Error(`DWG converter failed: ${first.trim()}`);
  }
  const how = result.signal ? `signal ${result.signal}` : `exit code ${result.code}`;
  throw new FormatError('dwg', `the DWG reader stopped unexpectedly on this file (${how})`);
}

/**
 * Converts a DWG file to a Kerf document in a child process. Throws FormatError for files that are not
 * DWG, damaged, too slow (over `timeoutMs`) or too memory-hungry to read, TooLargeError over 50 MB, and
 * a plain Error when the converter itself fails.
 */
export async function convertDwgInChildProcess(
  bytes: Uint8Array,
  options: ChildProcessOptions = {},
): Promise<KerfDocument> {
  checkDrawingSize(bytes.length);
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxHeapMb: options.maxHeapMb ?? DEFAULTS.maxHeapMb,
    maxWasmMb: options.maxWasmMb ?? DEFAULTS.maxWasmMb,
  };
  return childOutcome(await runChild(bytes, limits, options.cliPath));
}
