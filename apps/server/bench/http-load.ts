/**
 * HTTP load for the API bench: wrk when it is installed (a client in C, as the performance issue used),
 * else autocannon (a dev dependency) in this process. Both share the machine with the server under
 * test, so each figure is only read beside a baseline measured with the same generator.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors, timeouts and answers other than 2xx. */
  errors: number;
  requests: number;
  /** 1-minute load average of the machine when the run ended. */
  load: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export const loadGenerator = existsSync(WRK) ? 'wrk' : 'autocannon';

/** wrk's latency figures ("812.00us", "3.21ms", "1.02s") in milliseconds. */
export function wrkDurationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: cannot read the duration "${text}"`);
  const value = Number(match[1]);
  const unit = match[2];
  return unit === 'us' ? value / 1000 : unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000;
}

/** The figures of one `wrk --latency` report. */
export function parseWrk(output: string): Omit<LoadResult, 'load'> {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output);
    if (!match) throw new Error(`wrk printed no ${p}th percentile:\n${output}`);
    return wrkDurationMs(match[1]!);
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    errors: socketErrors + number(/Non-2xx or 3xx responses: (\d+)/),
    requests: number(/(\d+) requests in/),
  };
}

function runWrk(options: LoadOptions): Promise<Omit<LoadResult, 'load'>> {
  const args = ['--latency', '-t', '2', '-c', String(options.connections), '-d', `${options.seconds}s`];
  args.push('--timeout', '5s');
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  return new Promise((ok, fail) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) fail(new Error(`wrk exited with ${code}:\n${output}`));
      else {
        try {
          ok(parseWrk(output));
        } catch (err) {
          fail(err);
        }
      }
    });
  });
}

async function runAutocannon(options: LoadOptions): Promise<Omit<LoadResult, 'load'>> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    timeout: 5,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** Loads `url` for `seconds` with `connections` keep-alive connections. */
export async function loadTest(options: LoadOptions): Promise<LoadResult> {
  const result = loadGenerator === 'wrk' ? await runWrk(options) : await runAutocannon(options);
  return { ...result, load: loadavg()[0]! };
}
