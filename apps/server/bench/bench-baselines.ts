/** What the transfer figures are compared with: dd writing to the same disk, nginx serving the same file. */
import { spawn, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { freePort } from '../e2e/server-process.js';

export const NGINX = '/usr/sbin/nginx';

/** `dd if=/dev/zero of=<dir>/dd.bin bs=1M count=<MiB> conv=fdatasync`; ms as dd reports it. */
export function runDd(dir: string, mib: number): number {
  const target = join(dir, 'dd.bin');
  const started = performance.now();
  const r = spawnSync('dd', ['if=/dev/zero', `of=${target}`, 'bs=1M', `count=${mib}`, 'conv=fdatasync'], {
    encoding: 'utf8',
  });
  const wall = performance.now() - started;
  spawnSync('rm', ['-f', target]);
  if (r.status !== 0) throw new Error(`dd failed: ${r.stderr}`);
  const seconds = r.stderr.match(/copied, ([\d.]+) s/)?.[1];
  return seconds ? Number(seconds) * 1000 : wall;
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** nginx serving `file` at /file from a generated config (sendfile on, one worker, no root paths). */
export async function startNginx(dir: string, file: string): Promise<Nginx> {
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    location = /file { alias ${file}; }
  }
}
`;
  const confPath = join(dir, 'nginx.conf');
  await writeFile(confPath, config);
  const child = spawn(NGINX, ['-c', confPath, '-p', dir, '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}/file`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await new Promise<number>((ok) => {
      http
        .get(url, { headers: { range: 'bytes=0-0' } }, (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        })
        .on('error', () => ok(0));
    });
    if (answer === 206 || answer === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not serve ${file} (last answer ${answer}): ${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
