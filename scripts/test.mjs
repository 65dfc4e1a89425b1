#!/usr/bin/env node
// `npm test`: lint and type-check, unit + integration suites, build, then the end-to-end suite in
// Chromium against the built server. Ends with the failed tests, if any, each with its first error line
// (a CI log is often read from its tail only), then one plain line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const results = resolve(root, '.test-results');
rmSync(resolve(results, 'unit.json'), { force: true });
rmSync(resolve(results, 'e2e.json'), { force: true });
mkdirSync(results, { recursive: true });

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(title, cmd, args) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  process.stdout.write(
    `=== ${title}: ${r.status === 0 ? 'ok' : `failed (${r.status})`} in ${Math.round((Date.now() - started) / 1000)} s ===\n`,
  );
  return r.status === 0;
}

function counts(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: j.numPassedTests ?? 0,
    failed: (j.numFailedTests ?? 0) + (j.success === false && !j.numFailedTests ? 1 : 0),
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  };
}

/** The failed tests of a JSON report: file, full name and the first line of the first failure. */
function failures(file) {
  if (!existsSync(file)) return [];
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const out = [];
  for (const f of j.testResults ?? []) {
    const path = String(f.name).replace(`${root}/`, '');
    const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push(`${path} > ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import error, a hook) has no failed test to name.
    if (failed.length === 0 && f.status === 'failed') out.push(`${path}\n    ${firstLine(f.message)}`);
  }
  return out;
}

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

const vitest = (projects, out) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

const steps = [];
steps.push(['lint and types', run('lint and types', npm, ['run', 'lint'])]);
steps.push([
  'unit and integration',
  run(
    'unit and integration',
    npx,
    vitest(['contract', 'laser', 'plugins', 'dwg', 'server', 'web', 'device-sim'], resolve(results, 'unit.json')),
  ),
]);
const built = run('build', npm, ['run', 'build']);
steps.push(['build', built]);
if (built) {
  steps.push(['end-to-end', run('end-to-end (Chromium)', npx, vitest(['e2e'], resolve(results, 'e2e.json')))]);
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of ['unit.json', 'e2e.json']) {
  const c = counts(resolve(results, file));
  if (!c) continue;
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}
const failed = ['unit.json', 'e2e.json'].flatMap((file) => failures(resolve(results, file)));
if (failed.length) process.stdout.write(`\nfailed tests:\n${failed.map((f) => `  ${f}`).join('\n')}\n`);
const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
// A step that failed without failing a test (lint, build, a crashed run) still fails the whole.
if (failedSteps.length && total.failed === 0) total.failed = failedSteps.length;
process.stdout.write(`\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}\n` : ''}`);
process.stdout.write(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
