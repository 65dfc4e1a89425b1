/** A small HTTP client for the transfer benches: JSON calls, streamed downloads, curl when present. */
import { spawnSync } from 'node:child_process';
import type { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_PARALLEL_CHUNKS } from '@kerf/contract';

/** One keep-alive agent per server, as a browser would hold its connections. */
export function agentFor() {
  return new http.Agent({ keepAlive: true, maxSockets: UPLOAD_PARALLEL_CHUNKS + 1 });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function request(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: Buffer | string; agent: http.Agent },
): Promise<Answer> {
  return new Promise((ok, fail) => {
    const body = options.body;
    const headers = { ...options.headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
    const req = http.request(url, { method: options.method, headers, agent: options.agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** The envelope's data, or an error naming the exact request and answer. */
export function dataOf<T>(what: string, answer: Answer): T {
  let parsed: { code?: number; data?: T } | undefined;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    // not JSON: reported below
  }
  if (answer.status !== 200 || !parsed || parsed.code !== 0) {
    throw new Error(`${what} answered HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 500)}`);
  }
  return parsed.data as T;
}

/** GETs `url` and streams the body to /dev/null; resolves with the status and the bytes received. */
export function download(
  url: string,
  headers: Record<string, string>,
  agent: http.Agent,
  hash?: ReturnType<typeof createHash>,
) {
  return new Promise<{ status: number; bytes: number; headers: http.IncomingHttpHeaders }>((ok, fail) => {
    const req = http.get(url, { headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => {
        bytes += d.length;
        hash?.update(d);
      });
      pipeline(res, createWriteStream('/dev/null')).then(
        () => ok({ status: res.statusCode ?? 0, bytes, headers: res.headers }),
        fail,
      );
    });
    req.on('error', fail);
  });
}

export const CURL = '/usr/bin/curl';

/**
 * The timed download: curl to /dev/null when present (a client in C, so on a small machine the client
 * is not what limits either server), else Node's http client. Returns the client's own transfer time.
 */
export async function timedDownload(url: string, headers: Record<string, string>, agent: http.Agent) {
  if (!existsSync(CURL)) {
    const started = performance.now();
    const got = await download(url, headers, agent);
    return { ...got, ms: performance.now() - started };
  }
  const args = ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}', url];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const r = spawnSync(CURL, args, { encoding: 'utf8' });
  const [status, bytes, seconds] = r.stdout.trim().split(' ').map(Number);
  if (r.status !== 0) throw new Error(`curl ${url} failed (${r.status}): ${r.stderr}`);
  return { status: status!, bytes: bytes!, ms: seconds! * 1000 };
}

export const downloadClient = existsSync(CURL) ? 'curl → /dev/null' : 'Node http → /dev/null';
