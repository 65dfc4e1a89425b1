#!/usr/bin/env node
// `npm run bench`: runs every apps/*/bench/*.bench.ts and packages/*/bench/*.bench.ts in turn.
// Each prints its own table and writes JSON under .bench/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = [];
for (const group of ['apps', 'packages']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name, 'bench');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.bench.ts')) files.push(join(dir, f));
  }
}
const chosen = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
let failed = 0;
for (const file of chosen) {
  process.stdout.write(`\n### ${relative(root, file)}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
