import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { type Entry, openDrive, row, toast, writeTemp } from './drive-support';
import { scratchFolders, zipOf } from './fixtures';
import { shot, useBrowser } from './harness';
import { animationsSettled, expectNoSidewaysScroll } from './support';

/** Habits people bring from Cloudreve and Nextcloud: clashes, loading, archives, editing, counts, home. */

const PHONE = { width: 375, height: 812 };
const scratch = scratchFolders();

const clashDialog = (page: Page, title = '名称冲突') => page.getByRole('dialog', { name: title });
const panelItem = (page: Page, name: string, title = '上传列表') =>
  page.getByRole('region', { name: title }).getByRole('listitem', { name, exact: true });
const nameButton = (page: Page, name: string) => row(page, name).locator('.drive-name-cell__name');

async function shareOf(token: string, ids: string[]) {
  const res = await fetch(`${inject('baseURL')}/cloud-api/engine/share/sharefile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      endTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      shareType: 0,
      remarks: '',
      files: JSON.stringify(ids.map((userFileId) => ({ userFileId }))),
    }),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: { shareBatchNum: string } };
  expect(answer.code, answer.msg).toBe(0);
  return answer.data.shareBatchNum;
}

/** Holds every list call until released (a slow server), so the page's waiting state can be seen. */
async function holdLists(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined);
  };
  await page.route('**/cloud-api/engine/file/listFileInfo?**', handler);
  return async () => {
    release();
    await page.unroute('**/cloud-api/engine/file/listFileInfo?**', handler);
  };
}

describe('drive habits', () => {
  const browser = useBrowser();

  it('shows a folder as loading, not empty, until its first page arrives', async () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const en = locale === 'en';
      const { page, api } = await openDrive(browser, { locale });
      await api.folder('Slow folder');
      await page.getByRole('button', { name: en ? 'Refresh' : '刷新' }).click();
      await row(page, 'Slow folder').waitFor();
      const release = await holdLists(page);
      await nameButton(page, 'Slow folder').click();
      await page.waitForURL(/filePath=%2FSlow(%20|\+)folder/);
      await page
        .getByRole('status')
        .filter({ hasText: en ? 'Loading…' : '正在加载…' })
        .waitFor();
      expect(await page.getByText(en ? 'This folder is empty' : '这个文件夹是空的').count()).toBe(0);
      await animationsSettled(page);
      await shot(page, `drive-habits-loading-${en ? 'en' : 'zh'}`);
      await release();
      // the answer came: now, and only now, it is empty
      await page.locator('.drive-empty__title').waitFor();
      expect(await page.getByText(en ? 'Loading…' : '正在加载…').count()).toBe(0);
    }
  });

  it('shows the new modified time after a text file is saved, from the read-only view switched to editing', async () => {
    const { page, api } = await openDrive(browser);
    const file = await api.upload('notes.txt', Buffer.from('first line\n'));
    await page.getByRole('button', { name: '刷新' }).click();
    const timeCell = row(page, 'notes.txt').locator('td span[title]');
    await timeCell.waitFor();
    const before = await timeCell.getAttribute('title');

    // a click on the name opens the text read-only, with a switch to editing (the file is mine)
    await nameButton(page, 'notes.txt').click();
    const frame = page.getByRole('dialog', { name: 'notes.txt', exact: true });
    await frame.getByText('只读', { exact: true }).waitFor();
    await expect.poll(() => page.locator('.code-editor-view').getAttribute('data-readonly')).toBe('true');
    await animationsSettled(page);
    await shot(page, 'drive-habits-readonly-edit-zh');
    await frame.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => page.locator('.code-editor-view').getAttribute('data-readonly')).toBe('false');
    await page.locator('.code-editor-view .cm-content').getByText('first line').waitFor();
    expect(await frame.getByRole('button', { name: '编辑' }).count()).toBe(0);
    await page.locator('.code-editor-view .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('second line');
    // the save lands in a later second than the upload, so the exact time shown must change
    const uploadedAt = Date.parse((file as Entry & { uploadTime: string }).uploadTime);
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(Math.floor(uploadedAt / 1000));
    await frame.getByRole('button', { name: '保存' }).click();
    await toast(page, '保存成功').waitFor();
    await page.keyboard.press('Escape');
    await frame.waitFor({ state: 'detached' });

    const [saved] = (await api.list()).filter((e) => e.userFileId === file.userFileId) as Array<
      Entry & { uploadTime: string }
    >;
    await expect.poll(() => timeCell.getAttribute('title')).not.toBe(before);
    const shown = await timeCell.getAttribute('title');
    const at = new Date(saved!.uploadTime);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(shown).toBe(
      `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`,
    );
  });

  it('offers to unzip an archive whose name is clicked, never a silent download', async () => {
    const { page, api } = await openDrive(browser, { locale: 'en' });
    await api.upload('parts.zip', await zipOf({ 'plans/base.txt': 'base\n', 'job.nc': 'G21\n' }));
    await api.upload('old.tar.gz', Buffer.from('not really a tarball'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));

    await nameButton(page, 'parts.zip').click();
    const dialog = page.getByRole('dialog', { name: 'Unpack' });
    await dialog.waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-habits-unzip-en');
    await dialog
      .getByRole('button', { name: /Unpack/ })
      .last()
      .click();
    await toast(page, 'Unpacked').waitFor();
    await row(page, 'plans').waitFor();
    await row(page, 'job.nc').waitFor();

    await nameButton(page, 'old.tar.gz').click();
    await page.getByRole('dialog', { name: 'Unpack' }).waitFor();
    expect(downloads).toEqual([]);
  });

  it('counts shared items as 激光图纸 等 3 项 / and others (3), in My shares and the share dialog', async () => {
    const { page, api, token } = await openDrive(browser, { path: '/web/workbench?fileType=8' });
    const a = await api.upload('激光图纸', Buffer.from('drawing'));
    const b = await api.upload('b.dxf', Buffer.from('b'));
    const c = await api.upload('c.dxf', Buffer.from('c'));
    await shareOf(token, [a.userFileId, b.userFileId, c.userFileId]);
    await page.reload();
    await page.getByText('激光图纸 等 3 项').first().waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-habits-share-count-zh');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByText('激光图纸 and others (3)').first().waitFor();
    await shot(page, 'drive-habits-share-count-en');

    // the share dialog names the same way
    await page.goto('/web/workbench?fileType=0');
    await row(page, 'c.dxf').waitFor();
    for (const name of ['激光图纸', 'b.dxf', 'c.dxf']) {
      await row(page, name).getByRole('checkbox').check();
    }
    await page.locator('.drive-toolbar').getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share' });
    await share.getByText('and others (3 items)').waitFor();
  });

  it('asks about name clashes on upload: keep both for all, then replace, then skip', async () => {
    const { page, api } = await openDrive(browser);
    const part = await api.upload('part.dxf', Buffer.from('old part'));
    await api.upload('lid.dxf', Buffer.from('old lid'));
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'lid.dxf').waitFor();
    const dir = scratch('clash');
    const newPart = writeTemp(dir, 'part.dxf', `new part ${Date.now()}`);
    const newLid = writeTemp(dir, 'lid.dxf', `new lid ${Date.now()}`);

    // keep both, for all: asked once for the two
    await page.getByTestId('drive-upload-files').setInputFiles([newPart, newLid]);
    const dialog = clashDialog(page);
    await dialog.waitFor();
    await dialog.getByText(/目标位置已有同名文件“(part|lid)\.dxf”/).waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-habits-clash-upload-zh');
    await dialog.getByRole('checkbox', { name: '对其余冲突执行相同操作' }).check();
    await dialog.getByRole('button', { name: /保留两者/ }).click();
    await panelItem(page, 'part.dxf').getByText('上传完成').waitFor();
    await panelItem(page, 'lid.dxf').getByText('上传完成').waitFor();
    expect(await clashDialog(page).count()).toBe(0);
    await expect
      .poll(async () => (await api.list()).map((e) => e.fileName).sort())
      .toEqual(['lid (1).dxf', 'lid.dxf', 'part (1).dxf', 'part.dxf']);

    // replace: the same file, new content
    const newerText = `newer part, a little longer ${Date.now()}`;
    const newer = writeTemp(dir, 'again/part.dxf', newerText);
    await page.getByTestId('drive-upload-files').setInputFiles([newer]);
    await dialog.getByRole('button', { name: /替换/ }).click();
    await panelItem(page, 'part.dxf').getByText('已替换同名文件的内容').waitFor();
    await expect
      .poll(async () => (await api.list()).find((e) => e.fileName === 'part.dxf')?.fileSize)
      .toBe(Buffer.byteLength(newerText));
    const listed = await api.list();
    expect(listed.filter((e) => e.fileName === 'part.dxf').map((e) => e.userFileId)).toEqual([part.userFileId]);

    // skip: nothing changes
    const skipped = writeTemp(dir, 'third/lid.dxf', 'a lid to skip');
    await page.getByTestId('drive-upload-files').setInputFiles([skipped]);
    await dialog.getByRole('button', { name: /跳过/ }).click();
    await panelItem(page, 'lid.dxf').last().getByText('已跳过，同名文件已存在').waitFor();
    expect((await api.list()).map((e) => e.fileName).sort()).toEqual([
      'lid (1).dxf',
      'lid.dxf',
      'part (1).dxf',
      'part.dxf',
    ]);
  });

  it('shows the clash question in English and on a 375 px phone', async () => {
    for (const [locale, viewport, name] of [
      ['en', undefined, 'drive-habits-clash-upload-en'],
      ['zh-CN', PHONE, 'drive-habits-clash-upload-zh-375'],
      ['en', PHONE, 'drive-habits-clash-upload-en-375'],
    ] as const) {
      const { page, api } = await openDrive(browser, { locale, viewport });
      await api.upload('a rather long drawing name for the cutting table.dxf', Buffer.from('old'));
      await page.reload();
      await page.locator('.drive-toolbar').waitFor();
      const file = writeTemp(
        scratch('clash-look'),
        'a rather long drawing name for the cutting table.dxf',
        `new ${name}`,
      );
      await page.getByTestId('drive-upload-files').setInputFiles([file]);
      const dialog = clashDialog(page, locale === 'en' ? 'Name already in use' : '名称冲突');
      await dialog.waitFor();
      await animationsSettled(page);
      await shot(page, name);
      if (viewport) await expectNoSidewaysScroll(page);
      await dialog.getByRole('button', { name: locale === 'en' ? /Skip/ : /跳过/ }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('asks about a name clash on restore: replace sends the one in the way to the bin', async () => {
    const { page, api } = await openDrive(browser, { path: '/web/workbench?fileType=6' });
    const first = await api.upload('logo.svg', Buffer.from('<svg>first</svg>'));
    await api.remove([first.userFileId]);
    const second = await api.upload('logo.svg', Buffer.from('<svg>second</svg>'));
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'logo.svg').click({ button: 'right' });
    await page.locator('.drive-context-menu').getByRole('menuitem', { name: '还原', exact: true }).click();
    const dialog = clashDialog(page);
    await dialog.getByText('原位置已有同名文件“logo.svg”。').waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-habits-clash-restore-zh');
    await dialog.getByRole('button', { name: /替换/ }).click();
    await toast(page, '还原成功').waitFor();
    await expect.poll(async () => (await api.list()).map((e) => e.userFileId)).toEqual([first.userFileId]);
    const bin = await api.list({ fileType: '6' });
    expect(bin.map((e) => e.userFileId)).toEqual([second.userFileId]);
  });

  it("leads the breadcrumb's 首页 where the sidebar's 首页 leads", async () => {
    const { page, api } = await openDrive(browser);
    await api.folder('Deep');
    await page.getByRole('button', { name: '刷新' }).click();
    await nameButton(page, 'Deep').click();
    await page.waitForURL(/filePath=%2FDeep/);
    // one 首页 in the sidebar (the menu's), and the breadcrumb's goes to the same address
    const homes = page.locator('.admin-sidebar').getByRole('link', { name: '首页', exact: true });
    await expect.poll(() => homes.count()).toBe(1);
    const sidebarHome = await homes.getAttribute('href');
    const crumbHome = page.locator('.admin-breadcrumb').getByRole('link', { name: '首页' });
    await expect.poll(() => crumbHome.getAttribute('href')).toBe(sidebarHome);
    await crumbHome.click();
    await page.waitForURL((url) => url.search === '?fileType=0');
    await row(page, 'Deep').waitFor();
    await shot(page, 'drive-habits-home-zh');
  });
});
