import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PLUGIN_LIMITS, pluginMessages } from '@kerf/contract';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { designTool, editorFitted, openDesignSignedIn, openPluginFromMenu, shapeCount } from './design-support';
import { E2E_ADMIN } from './e2e-servers';
import { shot, useBrowser } from './harness';
import { tokenByApi } from './support';

/**
 * The plugin sandbox in Chromium, through the real app: plugin packages built here are uploaded and
 * published by the administrator through the API, then run on their own page (`/web/plugin?id=…`,
 * which runs a plugin as soon as it opens) in the real sandbox iframe the server serves. The hostile
 * plugins (fixtures/plugins) try to reach the page, its storage and the network, loop for ever, answer
 * a gigabyte, and flood the page with calls; each is stopped with the message people read.
 *
 * The page shows a run's outcome in `#plugin-preview` (`data-status`, `data-shapes`) and a failed run's
 * message in `#plugin-run-error`; the sandbox iframe carries `data-plugin-sandbox`.
 */

const FIXTURES = resolve(import.meta.dirname, 'fixtures/plugins');
const STAR = resolve(import.meta.dirname, '../../../docs/examples/plugin-star');
// a fresh id per run: versions are kept, and a server may outlive one run of this file
const RUN = Date.now().toString(36);
const ids = {
  star: `e2e.star-${RUN}`,
  snoop: `e2e.snoop-${RUN}`,
  loop: `e2e.loop-${RUN}`,
  gigabyte: `e2e.gigabyte-${RUN}`,
  flood: `e2e.flood-${RUN}`,
};
let adminToken: string;

function manifestFor(id: string, what: string): Record<string, unknown> {
  return {
    id,
    version: '1.0.0',
    name: { 'zh-CN': `测试：${what}`, en: `Test: ${what}` },
    description: { 'zh-CN': '沙箱测试用的插件', en: 'A plugin for the sandbox test' },
    author: 'Kerf e2e',
    entry: 'index.js',
    parameters: [],
  };
}

/** Uploads a package (a zip of these files) as the administrator and publishes it. */
async function publish(id: string, files: Record<string, string>): Promise<void> {
  const base = `${inject('baseURL')}/cloud-api`;
  const headers = { authorization: `Bearer ${adminToken}` };
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)])),
  );
  const form = new FormData();
  form.append('package', new Blob([zip], { type: 'application/zip' }), `${id}.zip`);
  const uploaded = (await (
    await fetch(`${base}/plugins/packages`, { method: 'POST', headers, body: form })
  ).json()) as {
    code: number;
    msg: string;
  };
  expect(uploaded.code, uploaded.msg).toBe(0);
  const published = (await (
    await fetch(`${base}/plugins/${id}/versions/1.0.0/status`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'published' }),
    })
  ).json()) as { code: number; msg: string };
  expect(published.code, published.msg).toBe(0);
}

const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

beforeAll(async () => {
  adminToken = await tokenByApi(E2E_ADMIN.account, E2E_ADMIN.password);
  const star = JSON.parse(readFileSync(resolve(STAR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  await publish(ids.star, {
    'manifest.json': JSON.stringify({ ...star, id: ids.star }),
    'index.js': readFileSync(resolve(STAR, 'index.js'), 'utf8'),
    'icon.svg': readFileSync(resolve(STAR, 'icon.svg'), 'utf8'),
  });
  const origin = new URL(inject('baseURL')).origin;
  const hostile = [
    [ids.snoop, 'snoop', fixture('snoop.js').replace('__APP_ORIGIN__', origin)],
    [ids.loop, 'endless loop', fixture('endless-loop.js')],
    [ids.gigabyte, 'gigabyte', fixture('gigabyte-answer.js')],
    [ids.flood, 'flood', fixture('host-call-flood.js')],
  ] as const;
  for (const [id, what, code] of hostile) {
    await publish(id, { 'manifest.json': JSON.stringify(manifestFor(id, what)), 'index.js': code });
  }
});

const runError = (page: Page) => page.locator('#plugin-run-error');

/** How many times a 50 ms timer fires on the page in two seconds (40 when nothing holds it up). */
function timerTicks(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        let ticks = 0;
        const timer = setInterval(() => ticks++, 50);
        setTimeout(() => {
          clearInterval(timer);
          done(ticks);
        }, 2000);
      }),
  );
}

describe('the plugin sandbox', () => {
  const browser = useBrowser();

  it('runs the documented example plugin in a sandboxed iframe served by Kerf', async () => {
    const { page } = await browser.open(`/web/plugin?id=${ids.star}`, { language: 'en' });
    await expect.poll(() => page.locator('#plugin-preview').getAttribute('data-status')).toBe('done');
    expect(await page.locator('#plugin-preview').getAttribute('data-shapes')).toBe('1');
    await expect(runError(page).count()).resolves.toBe(0);
    const frame = page.locator('iframe[data-plugin-sandbox]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(new URL((await frame.getAttribute('src'))!, inject('baseURL')).pathname).toBe('/cloud-api/plugins/sandbox');
    await shot(page, 'plugin-sandbox-star-en');
  });

  it('keeps a plugin from the page, its cookies and storage, and the network', async () => {
    const { page, context } = await browser.open(`/web/plugin?id=${ids.snoop}`, { token: adminToken, language: 'en' });
    const attempts: string[] = [];
    const answered: string[] = [];
    const refused: string[] = [];
    context.on('request', (request) => request.url().includes('/steal') && attempts.push(request.url()));
    context.on('response', (response) => response.url().includes('/steal') && answered.push(response.url()));
    context.on('requestfailed', (request) => request.url().includes('/steal') && refused.push(request.url()));
    await expect.poll(() => runError(page).textContent()).toMatch(/^The plugin failed: report /);
    const report = JSON.parse((await runError(page).textContent())!.replace('The plugin failed: report ', '')) as {
      origin: string;
      tried: number;
      open: string[];
    };
    // every way tried was refused, and the plugin's worker was of no origin (not Kerf's)
    expect(report).toEqual({ origin: 'null', tried: 23, open: [] });
    // what reached the network layer at all was stopped there (by the sandbox's policy), never answered
    expect(answered).toEqual([]);
    expect(refused.sort()).toEqual(attempts.sort());
    // the page's own session and storage are where they were
    expect((await context.cookies()).some((c) => c.name === 'UAC-Token')).toBe(true);
    await shot(page, 'plugin-sandbox-snoop-en');
  });

  it('stops an endless loop with a message while the page keeps working', async () => {
    const { page } = await browser.open(`/web/plugin?id=${ids.loop}`, { language: 'en' });
    await expect.poll(() => page.locator('#plugin-preview').getAttribute('data-status')).toBe('running');
    // the loop spins in the plugin's worker; the page's own timers keep their pace
    expect(await timerTicks(page)).toBeGreaterThanOrEqual(20);
    const seconds = PLUGIN_LIMITS.runMillis / 1000;
    await expect
      .poll(() => runError(page).textContent(), { timeout: PLUGIN_LIMITS.runMillis + 15_000 })
      .toBe(pluginMessages.runTimeout.en.replace('{0}', String(seconds)));
    expect(await page.locator('#plugin-preview').getAttribute('data-status')).toBe('failed');
    await shot(page, 'plugin-sandbox-endless-loop-en');
  });

  it('stops an endless loop and a gigabyte answer run from the editor’s menu; the drawing goes on', async () => {
    const { page, token } = await openDesignSignedIn(browser, 'plugin-loop');
    for (const id of [ids.loop, ids.gigabyte]) {
      const installed = (await (
        await fetch(`${inject('baseURL')}/cloud-api/plugins/${id}/install`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { code: number; msg: string };
      expect(installed.code, installed.msg).toBe(0);
    }
    await page.reload();
    await editorFitted(page);

    const loop = await openPluginFromMenu(page, '测试：endless loop');
    await expect.poll(() => loop.locator('#plugin-preview').getAttribute('data-status')).toBe('running');
    expect(await timerTicks(page)).toBeGreaterThanOrEqual(20);
    await expect
      .poll(() => loop.locator('#plugin-run-error').textContent(), { timeout: PLUGIN_LIMITS.runMillis + 15_000 })
      .toBe(pluginMessages.runTimeout['zh-CN'].replace('{0}', String(PLUGIN_LIMITS.runMillis / 1000)));
    expect(await loop.getByTestId('plugin-insert').isDisabled()).toBe(true);
    await shot(page, 'plugin-sandbox-editor-loop-zh-CN');
    await page.keyboard.press('Escape');
    await loop.waitFor({ state: 'hidden' });

    const gigabyte = await openPluginFromMenu(page, '测试：gigabyte');
    await expect
      .poll(() => gigabyte.locator('#plugin-run-error').textContent(), { timeout: 30_000 })
      .toBe(pluginMessages.answerTooLarge['zh-CN']);
    expect(await gigabyte.getByTestId('plugin-insert').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await gigabyte.waitFor({ state: 'hidden' });

    // nothing was inserted, and the editor still draws
    expect(await shapeCount(page)).toBe(0);
    const box = (await page.getByTestId('design-canvas').boundingBox())!;
    await designTool(page, '矩形').click();
    await page.mouse.move(box.x + 200, box.y + 120);
    await page.mouse.down();
    await page.mouse.move(box.x + 320, box.y + 200, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => shapeCount(page)).toBe(1);
  }, 60_000);

  it('refuses a gigabyte answer with a message, the page still answering', async () => {
    const { page } = await browser.open(`/web/plugin?id=${ids.gigabyte}`, { language: 'en' });
    await expect.poll(() => runError(page).textContent()).toBe(pluginMessages.answerTooLarge.en);
    expect(await timerTicks(page)).toBeGreaterThanOrEqual(20);
    await shot(page, 'plugin-sandbox-gigabyte-en');
  });

  it('stops a plugin that floods the page with calls', async () => {
    const { page } = await browser.open(`/web/plugin?id=${ids.flood}`, { language: 'zh-CN' });
    await expect
      .poll(() => runError(page).textContent(), { timeout: 30_000 })
      .toBe(pluginMessages.floodStopped['zh-CN']);
    await shot(page, 'plugin-sandbox-flood-zh-CN');
  });
});
