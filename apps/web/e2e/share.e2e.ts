import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chooseTargetFolder,
  contextMenu,
  driveApi,
  openDrive,
  PASSWORD,
  pickFromMenu,
  row,
  toast,
} from './drive-support';
import { shot as pageShot, useBrowser } from './harness';
import {
  animationsSettled,
  checkFirmly,
  clickUntilShown,
  expectNoSidewaysScroll,
  pressFirmly,
  registerByApi,
  signInWithPassword,
  tokenByApi,
  uniqueEmail,
} from './support';

const PHONE = { width: 375, height: 812 };

/** A screenshot of a share screen, with the others under .test-results/screenshots (share-NAME.png). */
async function shot(page: Page, name: string) {
  await animationsSettled(page);
  await pageShot(page, `share-${name}`);
}

/* ---- a real PNG, so the preview has something to draw ---- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height RGB gradient as a PNG file. */
function pngImage(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[at + 1 + x * 3] = Math.round((x / width) * 134);
      rows[at + 2 + x * 3] = Math.round(120 + (y / height) * 45);
      rows[at + 3 + x * 3] = 40;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/* ---- the share calls, for setting up and checking ---- */

type Envelope<T = unknown> = { code: number; msg: string; data: T };

function shareApi(token?: string) {
  const base = `${inject('baseURL')}/cloud-api/engine/share`;
  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number } & Envelope<T>> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as Envelope<T>) };
  }
  return {
    call,
    async create(userFileIds: string[], endTime: Date, shareType: 0 | 1 = 0) {
      const answer = await call<{ shareBatchNum: string; extractionCode: string }>('POST', '/sharefile', {
        endTime: endTime.toISOString(),
        shareType,
        remarks: '',
        files: JSON.stringify(userFileIds.map((userFileId) => ({ userFileId }))),
      });
      expect(answer.code, answer.msg).toBe(0);
      return answer.data;
    },
  };
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

async function allowClipboard(context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('baseURL') });
}

/** The row of an entry on the public share page (the drive's list). */
const shareRow = row;

describe('sharing: dialog, public page, save to my drive, my shares', () => {
  const browser = useBrowser();
  const notes = Buffer.from(`cut list ${Date.now()}\n4 × plate 300×200, 3 mm\n`);
  const image = pngImage(320, 200);
  /** What the first test shares and the later ones open. */
  const shared = { link: '', code: '', ownerToken: '' };

  it('shares a folder with an extraction code from the drive, then copies the link and the share text', async () => {
    const { page, context, api, token } = await openDrive(browser);
    await allowClipboard(context);
    const plates = await api.folder('Plates');
    await api.upload('cut.png', image, plates.userFileId);
    await api.upload('notes.txt', notes, plates.userFileId);
    await api.folder('Offcuts', plates.userFileId);
    await page.getByRole('button', { name: '刷新' }).click();

    await pickFromMenu(page, 'Plates', '分享');
    const share = dialog(page, '分享文件');
    await share.getByText('Plates', { exact: true }).waitFor();
    // SPEC §5: the expiry is required and cannot be typed or cleared; public is the default
    const picker = share.getByLabel('有效期至');
    await expect.poll(() => picker.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => share.getByRole('radio', { name: /公开链接/ }).isChecked()).toBe(true);
    await clickUntilShown(share.getByRole('button', { name: '创建链接' }), share.getByText('请选择链接有效期'));
    expect(
      await page
        .locator('.share-dialog .ant-modal-container, .share-dialog .ant-modal-content')
        .first()
        .evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBe(550);

    // the picker's own quick picks (SPEC §5), and the days before today greyed out
    await picker.click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    for (const preset of ['今天 23:59:59', '1 天', '7 天', '30 天']) {
      await panel.locator('.ant-picker-presets').getByText(preset, { exact: true }).waitFor();
    }
    const cells = await panel.locator('.ant-picker-date-panel td').evaluateAll((tds) =>
      tds.map((td) => ({
        today: td.classList.contains('ant-picker-cell-today'),
        disabled: td.classList.contains('ant-picker-cell-disabled'),
      })),
    );
    const today = cells.findIndex((cell) => cell.today);
    expect(today).toBeGreaterThanOrEqual(0);
    expect(cells[today]!.disabled).toBe(false);
    expect(cells.slice(0, today).every((cell) => cell.disabled)).toBe(true);
    await panel.locator('.ant-picker-presets').getByText('7 天', { exact: true }).click();
    await share.getByText('请选择链接有效期').waitFor({ state: 'detached' });
    await expect.poll(() => picker.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const chosen = await picker.inputValue();
    expect(Date.parse(chosen.replace(' ', 'T')) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 120_000);

    await checkFirmly(share.getByRole('radio', { name: /需要提取码/ }));
    await share.getByLabel('备注').fill('For the laser shop');
    await share.getByText('18 / 200').waitFor();
    await shot(page, 'dialog-form-zh');
    await clickUntilShown(share.getByRole('button', { name: '创建链接' }), share.getByText('分享链接已创建'));
    const link = await share.getByLabel('分享链接').inputValue();
    const code = await share.getByLabel('提取码', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${inject('baseURL')}/share/[a-z0-9]{16}$`));
    expect(code).toMatch(/^[a-z0-9]{6}$/);
    await share.getByText(`链接：${link} 提取码：${code}`).waitFor();
    await shot(page, 'dialog-success-zh');

    await share.getByRole('button', { name: /复制链接$/ }).click();
    await toast(page, '复制成功').waitFor();
    await expect.poll(() => readClipboard(page)).toBe(link);
    await share.getByRole('button', { name: '复制提取码' }).click();
    await expect.poll(() => readClipboard(page)).toBe(code);
    await share.getByRole('button', { name: '复制链接及提取码' }).click();
    await expect.poll(() => readClipboard(page)).toBe(`链接：${link} 提取码：${code}`);
    await share.getByRole('button', { name: '完成' }).click();
    await share.waitFor({ state: 'hidden' });

    Object.assign(shared, { link, code, ownerToken: token });
  });

  it('opens the link signed out: a wrong then the right code, browse into the folder, preview, download', async () => {
    expect(shared.link).not.toBe('');
    // the link people are given: the server sends it on to the app's page
    const { page } = await browser.open(shared.link);
    await page.waitForURL(/\/web\/share\/[a-z0-9]{16}$/);
    const codeField = page.getByLabel('提取码', { exact: true });
    await codeField.waitFor();
    // focused at once; Enter submits
    await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Drive User 给你分享了文件').waitFor();
    await codeField.fill('zzzzzz');
    await codeField.press('Enter');
    await page.getByText('提取码错误').waitFor();
    await shot(page, 'code-page-wrong-zh');
    // codes are not case-sensitive
    await codeField.fill(shared.code.toUpperCase());
    await codeField.press('Enter');
    await shareRow(page, 'Plates').waitFor();

    // a reload does not ask again
    await page.reload();
    await shareRow(page, 'Plates').waitFor();
    await expect.poll(() => page.getByLabel('提取码', { exact: true }).count()).toBe(0);

    await shareRow(page, 'Plates').locator('.drive-name-cell__name').click();
    await shareRow(page, 'cut.png').waitFor();
    await shareRow(page, 'notes.txt').waitFor();
    await shareRow(page, 'Offcuts').waitFor();
    await expect
      .poll(() => page.locator('.share-path .drive-breadcrumb').textContent())
      .toMatch(/全部文件\s*\/\s*Plates/);
    await shot(page, 'file-page-zh');

    // read-only: view, download, save, details; nothing that changes files
    await shareRow(page, 'notes.txt').click({ button: 'right' });
    await expect
      .poll(() => contextMenu(page).getByRole('menuitem').allTextContents())
      .toEqual(['查看', '下载', '保存到云盘', '详细信息']);
    await page.keyboard.press('Escape');
    await contextMenu(page).waitFor({ state: 'detached' });

    // an image previews in the page
    await shareRow(page, 'cut.png').locator('.drive-name-cell__name').click();
    const preview = dialog(page, '预览：cut.png');
    const img = preview.locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
    await shot(page, 'preview-zh');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // a file downloads with its own bytes
    const downloading = page.waitForEvent('download');
    await pickFromMenu(page, 'notes.txt', '下载');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect(Buffer.compare(await readFile((await download.path())!), notes)).toBe(0);

    // up again by the breadcrumb
    await page.locator('.share-path').getByRole('button', { name: '全部文件' }).click();
    await shareRow(page, 'Plates').waitFor();
  });

  it('saves the share to a second person’s drive, signing them in on the way', async () => {
    const email = uniqueEmail('saver');
    await registerByApi(email, PASSWORD, 'Second User');
    const saverDrive = driveApi(await tokenByApi(email, PASSWORD));
    const inbox = await saverDrive.folder('Inbox');

    const { page } = await browser.open(shared.link);
    await page.getByLabel('提取码', { exact: true }).fill(shared.code);
    await page.getByLabel('提取码', { exact: true }).press('Enter');
    await shareRow(page, 'Plates').waitFor();
    await page.getByRole('button', { name: '全部保存到云盘' }).click();
    // signed out: to the login page, then back to the share
    await page.waitForURL('**/web/login');
    await signInWithPassword(page, email, PASSWORD);
    await page.waitForURL(/\/web\/share\/[a-z0-9]{16}$/);
    const picker = dialog(page, '保存到我的云盘');
    await chooseTargetFolder(picker, 'Inbox', '/Inbox');
    await shot(page, 'save-picker-zh');
    await picker.getByRole('button', { name: '保存到此处' }).click();
    await toast(page, '已保存到我的云盘').waitFor();

    const saved = await saverDrive.list({ fileType: '0', folderId: inbox.userFileId });
    expect(saved.map((e) => e.fileName)).toEqual(['Plates']);
    const inside = await saverDrive.list({ fileType: '0', folderId: saved[0]!.userFileId });
    expect(inside.map((e) => e.fileName).sort()).toEqual(['Offcuts', 'cut.png', 'notes.txt']);
    // the toast's link opens the copy
    await toast(page, '已保存到我的云盘').getByText('去查看').click();
    await page.waitForURL(/\/web\/workbench\?fileType=0&filePath=%2FInbox/);
    await row(page, 'Plates').waitFor();
  });

  it('says clearly when a link has expired or does not exist', async () => {
    const { api, token } = await openDrive(browser);
    const folder = await api.folder('Short lived');
    // an end time a few seconds out (a busy server must still find it in the future), then wait
    // until the server says the link has run out
    const { shareBatchNum } = await shareApi(token).create([folder.userFileId], new Date(Date.now() + 6000));
    const shareInfo = () => shareApi().call('GET', `/shareInfo?shareBatchNum=${shareBatchNum}`);
    await expect.poll(async () => (await shareInfo()).status, { timeout: 30_000, interval: 250 }).toBe(410);

    const { page } = await browser.open(`/web/share/${shareBatchNum}`);
    await page.getByRole('heading', { name: '分享链接已过期' }).waitFor();
    await expect.poll(() => page.locator('.drive-row').count()).toBe(0);
    await shot(page, 'expired-zh');

    await page.goto('/web/share/nosuchshare00000');
    await page.getByRole('heading', { name: '分享不存在或已被取消' }).waitFor();
    await shot(page, 'not-found-zh');

    const english = await browser.open(`/web/share/${shareBatchNum}`, { locale: 'en' });
    await english.page.evaluate(() => localStorage.setItem('language', 'en'));
    await english.page.reload();
    await english.page.getByRole('heading', { name: 'This share link has expired' }).waitFor();
    await shot(english.page, 'expired-en');
  });

  it('lists my shares with their code, expiry and use; a lock is shown and lifted; cancel ends the link', async () => {
    // the owner's own page (a test's pages close when it ends)
    expect(shared.ownerToken).not.toBe('');
    const { page, context } = await browser.open('/web/workbench?fileType=0', { token: shared.ownerToken });
    await allowClipboard(context);
    // another share, locked by ten wrong codes
    const owner = driveApi(shared.ownerToken);
    const sheet = await owner.upload('sheet.dxf', Buffer.from(`0\nSECTION\n${Date.now()}\n`));
    const locked = await shareApi(shared.ownerToken).create([sheet.userFileId], new Date(Date.now() + 86_400_000), 1);
    for (let i = 0; i < 10; i++) {
      await shareApi().call('POST', '/checkExtractionCode', {
        shareBatchNum: locked.shareBatchNum,
        extractionCode: 'wrong0',
      });
    }

    await page.locator('.admin-sider').getByRole('link', { name: '我的分享' }).click();
    await page.waitForURL('**/web/workbench?fileType=8');
    const plates = page.locator('.share-table .drive-row').filter({ hasText: 'Plates' });
    const sheetRow = page.locator('.share-table .drive-row').filter({ hasText: 'sheet.dxf' });
    await plates.waitFor();
    await plates.getByText(shared.code, { exact: true }).waitFor();
    await plates.getByText('备注：For the laser shop').waitFor();
    await sheetRow.getByText('已锁定').waitFor();
    await shot(page, 'my-shares-zh');

    await sheetRow.getByRole('button', { name: /解除锁定/ }).click();
    await toast(page, '已解除锁定').waitFor();
    await sheetRow.getByText('已锁定').waitFor({ state: 'detached' });

    // copy link: the link with its code
    await plates.getByRole('button', { name: /复制链接/ }).click();
    await toast(page, '复制成功').waitFor();
    await expect.poll(() => readClipboard(page)).toBe(`链接：${shared.link} 提取码：${shared.code}`);

    // a share opens its entries, read-only
    await plates.getByRole('button', { name: '查看“Plates”的分享文件' }).click();
    await page.waitForURL(/fileType=8&shareBatchNum=/);
    await page.locator('.drive-path').getByText(`提取码 ${shared.code}`, { exact: false }).waitFor();
    await shot(page, 'my-share-batch-zh');
    await row(page, 'Plates').click({ button: 'right' });
    await expect
      .poll(() => contextMenu(page).getByRole('menuitem').allTextContents())
      .toEqual(['打开', '下载', '复制链接', '详细信息']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '返回我的分享' }).click();
    await page.waitForURL('**/web/workbench?fileType=8');

    await plates.getByRole('button', { name: /取消分享/ }).click();
    await page.getByRole('dialog').getByText('确定取消“Plates”的分享吗？').waitFor();
    await animationsSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: '取消分享' }).click();
    await toast(page, '已取消分享').waitFor();
    await plates.waitFor({ state: 'detached' });
    await sheetRow.getByRole('button', { name: /取消分享/ }).click();
    await animationsSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: '取消分享' }).click();
    await page.getByText('还没有分享过文件').waitFor();
    await shot(page, 'my-shares-empty-zh');

    // the link is gone for everyone
    const visitor = await browser.open(shared.link);
    await visitor.page.getByRole('heading', { name: '分享不存在或已被取消' }).waitFor();
  });

  describe('in two languages, on a desktop and a 375 px phone', () => {
    /** One person with a folder shared twice (with a code, and public), made through the API. */
    const seeded = { token: '', coded: { shareBatchNum: '', extractionCode: '' }, open: { shareBatchNum: '' } };
    beforeAll(async () => {
      const email = uniqueEmail('looks');
      await registerByApi(email, PASSWORD, 'Drive User');
      seeded.token = await tokenByApi(email, PASSWORD);
      const api = driveApi(seeded.token);
      const folder = await api.folder('Nesting jobs');
      await api.upload('front panel.png', pngImage(480, 300), folder.userFileId);
      await api.upload('bracket.dxf', Buffer.from(`0\nSECTION\n${Date.now()}\n`), folder.userFileId);
      seeded.coded = await shareApi(seeded.token).create([folder.userFileId], new Date(Date.now() + 7 * 86_400_000), 1);
      seeded.open = await shareApi(seeded.token).create([folder.userFileId], new Date(Date.now() + 86_400_000), 0);
    });

    const SIZES = [
      [{ width: 1366, height: 850 }, 'desktop'],
      [PHONE, 'phone'],
    ] as const;

    it.each([
      ['zh-CN', 'zh'],
      ['en', 'en'],
    ] as const)('shows the code page and the files (%s)', async (locale, label) => {
      const { coded } = seeded;
      for (const [viewport, size] of SIZES) {
        const { page } = await browser.open(`/web/share/${coded.shareBatchNum}?pwd=${coded.extractionCode}`, {
          locale,
          viewport,
          language: locale === 'en' ? 'en' : undefined,
        });
        const field = page.getByLabel(locale === 'en' ? 'Extraction code' : '提取码', { exact: true });
        // ?pwd= fills the code in
        await expect.poll(() => field.inputValue()).toBe(coded.extractionCode);
        await shot(page, `code-page-${label}-${size}`);
        if (size === 'phone') await expectNoSidewaysScroll(page);
        await field.press('Enter');
        await shareRow(page, 'Nesting jobs').locator('.drive-name-cell__name').click();
        await shareRow(page, 'front panel.png').waitFor();
        await shot(page, `file-page-${label}-${size}`);
        if (size === 'phone') await expectNoSidewaysScroll(page);
      }
    });

    it('opens the public share without a code on a phone', async () => {
      const { page } = await browser.open(`/web/share/${seeded.open.shareBatchNum}`, { viewport: PHONE });
      await shareRow(page, 'Nesting jobs').waitFor();
      await expectNoSidewaysScroll(page);
    });

    it.each([
      ['zh-CN', 'zh'],
      ['en', 'en'],
    ] as const)('shows my shares and the share dialog (%s)', async (locale, label) => {
      for (const [viewport, size] of SIZES) {
        const { page } = await browser.open('/web/workbench?fileType=8', {
          locale,
          viewport,
          token: seeded.token,
          language: locale === 'en' ? 'en' : undefined,
        });
        await page.locator('.share-table .drive-row').first().waitFor();
        await shot(page, `my-shares-${label}-${size}`);
        if (size === 'phone') await expectNoSidewaysScroll(page);

        await page.goto('/web/workbench?fileType=0');
        if (label === 'zh' && size === 'desktop') {
          // the toolbar shares a selection too
          await row(page, 'Nesting jobs').click();
          await page.locator('.drive-toolbar').getByRole('button', { name: '分享' }).click();
          await dialog(page, '分享文件').getByText('Nesting jobs', { exact: true }).waitFor();
          // SPEC §8: a share the server refuses shows its message, and the dialog stays
          await page.route('**/cloud-api/engine/share/sharefile', (route) =>
            route.fulfill({ status: 404, json: { code: 404, msg: '文件不存在或已被删除', data: null } }),
          );
          await pressFirmly(dialog(page, '分享文件').getByRole('button', { name: '1 天' }));
          await animationsSettled(page);
          await dialog(page, '分享文件').getByRole('button', { name: '创建链接' }).click();
          await toast(page, '文件不存在或已被删除').waitFor();
          await page.unroute('**/cloud-api/engine/share/sharefile');
          await animationsSettled(page);
          await dialog(page, '分享文件').getByRole('button', { name: '取消' }).click();
          await dialog(page, '分享文件').waitFor({ state: 'hidden' });
        }
        await row(page, 'Nesting jobs').click({ button: 'right' });
        await contextMenu(page)
          .getByRole('menuitem', { name: locale === 'en' ? 'Share' : '分享', exact: true })
          .click();
        const share = dialog(page, locale === 'en' ? 'Share' : '分享文件');
        await pressFirmly(share.getByRole('button', { name: locale === 'en' ? '7 days' : '7 天' }));
        await checkFirmly(share.getByRole('radio', { name: locale === 'en' ? /Extraction code/ : /需要提取码/ }));
        await shot(page, `dialog-form-${label}-${size}`);
        await animationsSettled(page);
        await clickUntilShown(
          share.getByRole('button', { name: locale === 'en' ? 'Create link' : '创建链接' }),
          share.getByText(locale === 'en' ? 'Share link created' : '分享链接已创建'),
        );
        await shot(page, `dialog-success-${label}-${size}`);
        if (size === 'phone') await expectNoSidewaysScroll(page);
      }
    });
  });
});
