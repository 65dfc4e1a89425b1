import { PLUGIN_PERMISSION_LABELS, pluginMessages } from '@kerf/contract';
import { zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import {
  animationsSettled,
  clickUntilShown,
  expectNoSidewaysScroll,
  registerByApi,
  tokenByApi,
  uniqueEmail,
  waitForPage,
} from './support';

/**
 * The plugin manager end to end: an administrator uploads a "star" plugin package (a refused one
 * first), publishes it; a person browses, reads what it asks for, installs, disables and enables it;
 * a new version that asks to read the selection is published and the person updates after confirming
 * that permission; the administrator withdraws it and the person sees so and moves back. The tests run
 * in order on one server.
 */

const PLUGIN_ID = 'maker.star';
const selectionLabel = PLUGIN_PERMISSION_LABELS['selection:read'];
const text = (template: string, ...args: string[]) =>
  args.reduce((out, arg, i) => out.replace(`{${i}}`, arg), template);

/** The star plugin's package at a version; 1.1.0 and later ask to read the selection. */
function starPackage(version: string, options: { withEntry?: boolean } = {}): Buffer {
  const readsSelection = version !== '1.0.0';
  const manifest = {
    id: PLUGIN_ID,
    version,
    name: { 'zh-CN': '星形', en: 'Star' },
    description: {
      'zh-CN': '按角数和内外半径画一颗星，可用于徽章、杯垫和装饰切割。',
      en: 'Draws a star from its number of points and two radii, for badges, coasters and decorative cuts.',
    },
    author: 'Maker Studio',
    icon: 'icon.svg',
    entry: 'index.js',
    permissions: readsSelection ? ['selection:read'] : [],
    parameters: [
      { key: 'points', type: 'integer', label: { 'zh-CN': '角数', en: 'Points' }, default: 5, min: 3, max: 24 },
      {
        key: 'outer',
        type: 'number',
        label: { 'zh-CN': '外半径', en: 'Outer radius' },
        default: 30,
        min: 1,
        unit: 'mm',
      },
      {
        key: 'inner',
        type: 'number',
        label: { 'zh-CN': '内半径', en: 'Inner radius' },
        default: 12,
        min: 1,
        unit: 'mm',
      },
    ],
  };
  const entry = `kerf.register({
    run(p) {
      const points = [];
      for (let i = 0; i < p.points * 2; i++) {
        const r = i % 2 ? p.inner : p.outer;
        const a = (Math.PI * i) / p.points - Math.PI / 2;
        points.push({ x: p.outer + r * Math.cos(a), y: p.outer + r * Math.sin(a) });
      }
      return { shapes: [{ kind: 'polygon', points, closed: true }] };
    },
  });`;
  const icon =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#d48806" d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7.3L12 17.8 5.7 21.5l1.7-7.3L2 9.5l7.1-.6z"/></svg>';
  const files: Record<string, Uint8Array> = {
    'manifest.json': new TextEncoder().encode(JSON.stringify(manifest, null, 2)),
    'icon.svg': new TextEncoder().encode(icon),
  };
  if (options.withEntry !== false) files['index.js'] = new TextEncoder().encode(entry);
  return Buffer.from(zipSync(files, { level: 9 }));
}

interface Mine {
  id: string;
  version: string | null;
  latest: string | null;
  enabled: boolean;
}

async function myPlugins(token: string): Promise<Mine[]> {
  const res = await fetch(`${inject('baseURL')}/cloud-api/plugins/mine`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; data: Mine[] };
  expect(body.code).toBe(0);
  return body.data;
}

const myStar = async (token: string) => (await myPlugins(token)).find((p) => p.id === PLUGIN_ID);

const card = (page: Page, id = PLUGIN_ID) => page.locator(`.plugins-manage__card[data-plugin="${id}"]`);
const drawer = (page: Page) => page.locator('.plugins-manage__drawer');
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const confirmTitle = (page: Page, title: string) =>
  confirmDialog(page).locator('.ant-modal-confirm-title').filter({ hasText: title });
const publishingBlock = (page: Page) => page.locator(`.plugins-manage__publishing-block[data-plugin="${PLUGIN_ID}"]`);
const versionRow = (page: Page, version: string) =>
  publishingBlock(page)
    .locator('tr.ant-table-row')
    .filter({ has: page.getByText(version, { exact: true }) });

/** Answers the open confirmation with its OK button, until `outcome` shows. */
function confirmWith(page: Page, okText: string, outcome: Locator) {
  return clickUntilShown(confirmDialog(page).getByRole('button', { name: okText }), outcome);
}

async function uploadPackage(page: Page, name: string, bytes: Buffer) {
  await page
    .locator('.plugins-manage__upload input[type=file]')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: bytes });
}

/** The toasts have faded: a screenshot for the manual shows the page, not the last message. */
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 15_000 }).toBe(0);
}

async function openManager(page: Page, query = '') {
  await page.goto(`/web/pluginsManage${query}`);
  await waitForPage(page, '.plugins-manage', 'the plugin manager');
}

describe('the plugin manager', () => {
  const browser = useBrowser();
  let admin = '';
  let user = '';

  beforeAll(async () => {
    admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const email = uniqueEmail('plugins');
    await registerByApi(email, PASSWORD, 'Mei');
    user = await tokenByApi(email, PASSWORD);
  });

  it('an administrator uploads a package; a refused one says why and stays readable; the draft is published', async () => {
    const { page } = await browser.open('about:blank', { token: admin });
    await openManager(page, '?tab=publishing');
    await page.getByRole('tab', { name: '发布管理', selected: true }).waitFor();

    // the browser refuses what is no zip before sending it
    await uploadPackage(page, 'star.txt', Buffer.from('not a package'));
    await page.getByRole('alert').getByText('插件包须为 .zip 文件').waitFor();

    // the server's check: the entry named by the manifest is missing; the words stay until dismissed
    await uploadPackage(page, 'star-broken.zip', starPackage('1.0.0', { withEntry: false }));
    const refusal = page.getByRole('alert').filter({ hasText: 'star-broken.zip 未能上传' });
    await refusal.getByText(text(pluginMessages.entryMissing['zh-CN'], 'index.js')).waitFor();
    await animationsSettled(page);
    await shot(page, 'plugins-manage-upload-refused-zh');
    expect(await publishingBlock(page).count()).toBe(0);
    await refusal.getByRole('button', { name: '知道了' }).click();
    await refusal.waitFor({ state: 'detached' });

    await uploadPackage(page, 'star.zip', starPackage('1.0.0'));
    await toast(page, text(pluginMessages.uploaded['zh-CN'], '星形', '1.0.0')).waitFor();
    await versionRow(page, '1.0.0').getByText('草稿').waitFor();
    await publishingBlock(page).getByText('尚未发布').waitFor();

    await versionRow(page, '1.0.0').getByRole('button', { name: '发布' }).click();
    await confirmTitle(page, '发布 星形 1.0.0？').waitFor();
    await confirmWith(page, '发布', toast(page, text(pluginMessages.published['zh-CN'], '星形', '1.0.0')));
    await versionRow(page, '1.0.0').getByText('已发布').waitFor();
    await publishingBlock(page).getByText('用户使用 1.0.0').waitFor();
  });

  it('a visitor is asked to sign in to install; a person reads the permissions, installs, disables and enables it', async () => {
    const { page: visitor } = await browser.open('about:blank');
    await openManager(visitor);
    // visitors browse, with no tabs of their own
    await card(visitor).waitFor();
    expect(await visitor.getByRole('tab', { name: '我的插件' }).count()).toBe(0);
    await card(visitor).getByRole('button', { name: '安装' }).click();
    await confirmTitle(visitor, '登录后安装').waitFor();
    await confirmDialog(visitor).getByRole('button', { name: '去登录' }).click();
    await visitor.waitForURL('**/web/login');

    const { page } = await browser.open('about:blank', { token: user });
    await openManager(page);
    await card(page).waitFor();
    // the built-ins are listed, marked, and first
    const gear = card(page, 'kerf.gear');
    await gear.getByText('内置').waitFor();
    const firstCard = page.locator('.plugins-manage__card').first();
    expect(await firstCard.getByText('内置').count()).toBe(1);

    // search narrows the grid, in either language
    const search = page.getByRole('textbox', { name: '搜索插件' });
    await search.fill('星');
    await expect.poll(() => page.locator('.plugins-manage__card').count()).toBe(1);
    await search.fill('maker studio');
    await expect.poll(() => page.locator('.plugins-manage__card').count()).toBe(1);
    await search.fill('没有这样的插件');
    await page.getByText('没有与“没有这样的插件”匹配的插件').waitFor();
    await page.getByRole('button', { name: '清除搜索' }).click();
    await gear.waitFor();

    // the details before installing: the whole description, no permissions asked, its parameters
    await card(page).getByRole('button', { name: '查看 星形 的详情' }).click();
    await drawer(page).getByText('按角数和内外半径画一颗星，可用于徽章、杯垫和装饰切割。').waitFor();
    await drawer(page).getByText('此插件不需要任何权限，只根据你填写的参数生成图形。').waitFor();
    await drawer(page).getByText('外半径').waitFor();
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.0.0"]').waitFor();
    expect(await drawer(page).getByRole('link', { name: '试用' }).getAttribute('href')).toBe(
      `/web/plugin?id=${PLUGIN_ID}`,
    );

    await drawer(page).getByRole('button', { name: '安装' }).click();
    await confirmTitle(page, '安装“星形”？').waitFor();
    await confirmDialog(page).getByText('此插件不需要任何权限，只根据你填写的参数生成图形。').waitFor();
    await confirmWith(page, '安装', toast(page, text(pluginMessages.installed['zh-CN'], '星形', '1.0.0')));
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.0.0"]').getByText('已安装').waitFor();
    expect(await myStar(user)).toMatchObject({ version: '1.0.0', enabled: true });

    const toggle = drawer(page).getByRole('switch', { name: '启用 星形' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await myStar(user))?.enabled).toBe(false);
    await card(page).getByText('已停用').first().waitFor();
    await toggle.click();
    await expect.poll(async () => (await myStar(user))?.enabled).toBe(true);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    // a built-in can be disabled but not uninstalled; a plugin of mine can be uninstalled
    await page.keyboard.press('Escape');
    await gear.getByRole('button', { name: '查看 齿轮 的详情' }).click();
    await drawer(page).getByText('内置插件随 Kerf 提供，不能卸载；不需要时可以停用。').waitFor();
    expect(await drawer(page).getByRole('button', { name: '卸载' }).count()).toBe(0);
    await drawer(page).getByRole('switch', { name: '启用 齿轮' }).waitFor();
    await page.keyboard.press('Escape');

    // My plugins: mine and the built-ins, and the browse grid marks the installed one
    await page.getByRole('tab', { name: '我的插件' }).click();
    await card(page).waitFor();
    await gear.waitFor();
    await toastsGone(page);
    await animationsSettled(page);
    await shot(page, 'plugins-manage-mine-zh');
  });

  it('a new version asking to read the selection is published; the person confirms that permission and updates', async () => {
    const { page: adminPage } = await browser.open('about:blank', { token: admin });
    await openManager(adminPage, '?tab=publishing');
    await uploadPackage(adminPage, 'star-1.1.0.zip', starPackage('1.1.0'));
    await versionRow(adminPage, '1.1.0').getByText('草稿').waitFor();
    await versionRow(adminPage, '1.1.0').getByRole('button', { name: '发布' }).click();
    await confirmWith(adminPage, '发布', toast(adminPage, text(pluginMessages.published['zh-CN'], '星形', '1.1.0')));
    await publishingBlock(adminPage).getByText('用户使用 1.1.0').waitFor();
    await toastsGone(adminPage);
    await animationsSettled(adminPage);
    await shot(adminPage, 'plugins-manage-publishing-zh');

    const { page } = await browser.open('about:blank', { token: user });
    await openManager(page);
    await card(page).getByText('有新版本').waitFor();
    await card(page).getByRole('button', { name: '更新到 1.1.0' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'plugins-manage-browse-zh');

    await card(page).getByRole('button', { name: '查看 星形 的详情' }).click();
    await drawer(page).getByText(selectionLabel['zh-CN']).waitFor();
    // the listed version, and beside it the one I run
    await drawer(page).getByText('已安装 1.0.0').waitFor();
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.1.0"]').waitFor();
    await animationsSettled(page);
    await shot(page, 'plugins-manage-detail-zh', false);

    await drawer(page).getByRole('button', { name: '更新到 1.1.0' }).click();
    await confirmDialog(page).getByText('新版本需要以下新的权限：').waitFor();
    await confirmDialog(page).getByText(selectionLabel['zh-CN']).waitFor();
    await confirmWith(page, '更新', toast(page, text(pluginMessages.installed['zh-CN'], '星形', '1.1.0')));
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.1.0"]').getByText('已安装').waitFor();
    expect(await myStar(user)).toMatchObject({ version: '1.1.0', latest: '1.1.0' });
    expect(
      await card(page)
        .getByRole('button', { name: /更新到/ })
        .count(),
    ).toBe(0);
  });

  it('the administrator withdraws the new version; the person sees it withdrawn and moves to the one still published', async () => {
    const { page: adminPage } = await browser.open('about:blank', { token: admin });
    await openManager(adminPage, '?tab=publishing');
    await versionRow(adminPage, '1.1.0').getByRole('button', { name: '撤回' }).click();
    await confirmTitle(adminPage, '撤回 星形 1.1.0？').waitFor();
    await confirmWith(adminPage, '撤回', toast(adminPage, text(pluginMessages.withdrawn['zh-CN'], '星形', '1.1.0')));
    await versionRow(adminPage, '1.1.0').getByText('已撤回').waitFor();
    await publishingBlock(adminPage).getByText('用户使用 1.0.0').waitFor();

    const { page } = await browser.open('about:blank', { token: user });
    await openManager(page, '?tab=mine');
    await card(page).getByText('已撤回').waitFor();
    expect(await myStar(user)).toMatchObject({ version: null, latest: '1.0.0' });
    await card(page).getByRole('button', { name: '查看 星形 的详情' }).click();
    await drawer(page).getByText('你安装的版本 1.1.0 已被撤回，不能再运行。').waitFor();
    await animationsSettled(page);
    await shot(page, 'plugins-manage-withdrawn-zh', false);

    // 1.0.0 asks for nothing new: the move needs no question
    await drawer(page).getByRole('button', { name: '改用 1.0.0' }).click();
    await toast(page, text(pluginMessages.installed['zh-CN'], '星形', '1.0.0')).waitFor();
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.0.0"]').getByText('已安装').waitFor();
    expect(await myStar(user)).toMatchObject({ version: '1.0.0' });

    // and it goes: uninstalled after a question
    await drawer(page).getByRole('button', { name: '卸载' }).click();
    await confirmWith(page, '卸载', toast(page, text(pluginMessages.uninstalled['zh-CN'], '星形')));
    await expect.poll(async () => (await myStar(user)) ?? null).toBeNull();
    await page.keyboard.press('Escape');
    await expect.poll(() => card(page).count()).toBe(0);
  });

  it('keeps what is typed quickly in a slow browser, and the address follows it', async () => {
    const { page } = await browser.open('about:blank');
    await openManager(page);
    await card(page, 'kerf.gear').waitFor();
    // a slow phone or a busy machine: each search's trip through the router takes a while, and a box
    // bound to the address lost the words typed while the one before was on its way
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const search = page.getByRole('textbox', { name: '搜索插件' });
    for (let round = 0; round < 4; round++) {
      await search.fill('齿');
      await search.fill('kerf');
      await search.fill('没有这样的插件');
      await page.getByText('没有与“没有这样的插件”匹配的插件').waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('没有这样的插件');
      expect(await search.inputValue()).toBe('没有这样的插件');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByRole('button', { name: '清除搜索' }).click();
    await card(page, 'kerf.gear').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
    expect(await search.inputValue()).toBe('');
  });

  it('reads well in English and on a phone', async () => {
    const { page } = await browser.open('about:blank', { token: user, language: 'en' });
    await openManager(page);
    await card(page).getByRole('button', { name: 'Install' }).waitFor();
    await card(page, 'kerf.gear').getByText('Built-in').waitFor();
    await animationsSettled(page);
    await shot(page, 'plugins-manage-browse-en');
    await card(page).getByRole('button', { name: 'Details of Star' }).click();
    await drawer(page)
      .getByText('This plugin asks for no permissions: it only draws from the parameters you fill in.')
      .waitFor();
    await drawer(page).getByRole('button', { name: 'Install' }).click();
    await confirmWith(page, 'Install', toast(page, text(pluginMessages.installed.en, 'Star', '1.0.0')));
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.0.0"]').getByText('Installed').waitFor();
    await drawer(page).locator('.plugins-manage__versions li[data-version="1.1.0"]').waitFor({ state: 'detached' });
    await toastsGone(page);
    await animationsSettled(page);
    await shot(page, 'plugins-manage-detail-en', false);

    const { page: adminPage } = await browser.open('about:blank', { token: admin, language: 'en' });
    await openManager(adminPage, '?tab=publishing');
    await versionRow(adminPage, '1.1.0').getByText('Withdrawn').waitFor();
    await publishingBlock(adminPage).getByText('Users get 1.0.0').waitFor();
    await animationsSettled(adminPage);
    await shot(adminPage, 'plugins-manage-publishing-en');

    const phoneSize = { width: 390, height: 844 };
    const { page: phone } = await browser.open('about:blank', { token: user, viewport: phoneSize });
    await openManager(phone);
    await card(phone).waitFor();
    await animationsSettled(phone);
    await shot(phone, 'plugins-manage-phone-zh');
    await expectNoSidewaysScroll(phone);
    await card(phone).getByRole('button', { name: '查看 星形 的详情' }).click();
    await drawer(phone).getByRole('switch', { name: '启用 星形' }).waitFor();
    await animationsSettled(phone);
    await shot(phone, 'plugins-manage-phone-detail-zh', false);
    await phone.keyboard.press('Escape');

    const { page: adminPhone } = await browser.open('about:blank', { token: admin, viewport: phoneSize });
    await openManager(adminPhone, '?tab=publishing');
    await versionRow(adminPhone, '1.0.0').waitFor();
    await animationsSettled(adminPhone);
    await shot(adminPhone, 'plugins-manage-phone-publishing-zh');
    await expectNoSidewaysScroll(adminPhone);
  });
});
