import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CORPUS, shapeCount } from './design-support';
import { openDrive, PASSWORD, row, toast } from './drive-support';
import { ffmpeg, scratchFolders } from './fixtures';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

const scratch = scratchFolders();

/** Drawings and pictures to pick: a real DXF, a PNG, and the same PNG disguised as a BMP drawing. */
function objectFiles() {
  const dir = scratch('objects');
  const dxf = join(dir, 'arc.dxf');
  copyFileSync(join(CORPUS, 'cad/2007-Arc.dxf'), dxf);
  const png = join(dir, 'front.png');
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', png);
  const disguised = join(dir, 'fox.bmp');
  copyFileSync(png, disguised);
  const exe = join(dir, 'setup.exe');
  copyFileSync(png, exe);
  return { dxf, png, disguised, exe };
}

const dialog = (page: Page) => page.locator('.object-dialog');
const pickPapers = (page: Page, paths: string[]) =>
  dialog(page).locator('.object-attachments--paper input[type=file]').setInputFiles(paths);
const pickPreviews = (page: Page, paths: string[]) =>
  dialog(page).locator('.object-attachments--preview input[type=file]').setInputFiles(paths);

async function objectByApi(token: string, id: string) {
  const res = await fetch(`${inject('baseURL')}/cloud-api/engine/info/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { code: number; data: Record<string, unknown> & { papers: Array<{ name: string }> } };
}

/** A listed object made through the API, as a designer would with the form. */
async function listedObjectByApi(
  token: string,
  fileName: string,
  files: ReturnType<typeof objectFiles>,
  details: Record<string, unknown>,
  price: number,
) {
  const base = `${inject('baseURL')}/cloud-api`;
  const headers = { authorization: `Bearer ${token}` };
  const json = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  const id = (await json('POST', '/engine/info', { fileName, folderId: '0', origin: '1', ...details })) as string;
  for (const [kind, path, name] of [
    ['paper', files.dxf, 'arc.dxf'],
    ['preview', files.png, 'front.png'],
  ] as const) {
    const form = new FormData();
    form.append('infoId', id);
    form.append('files', new Blob([readFileSync(path)]), name);
    const res = await fetch(`${base}/engine/upload/${kind}`, { method: 'POST', headers, body: form });
    expect(res.status).toBe(200);
  }
  await json('POST', '/engine/info/savePrice', { id, price, currency: 'CNY', listed: true });
  return id;
}

describe('objects: drawings with effect images, uploaded from the drive', () => {
  const browser = useBrowser();

  it('checks the form, refuses a disguised drawing by the server’s reading, then saves the same object with its price', async () => {
    const files = objectFiles();
    const { page, token, api } = await openDrive(browser);
    await page.getByRole('button', { name: '上传物件' }).click();
    await dialog(page).waitFor();
    await animationsSettled(page);
    // SPEC §5 rules, all at once, before anything is sent.
    await dialog(page).getByRole('button', { name: '保存' }).click();
    for (const text of ['物件名称不能为空', '请添加加工图纸', '请添加效果图']) {
      await dialog(page).getByText(text, { exact: true }).waitFor();
    }
    await shot(page, 'object-dialog-rules-zh');
    // A drawing of a kind Kerf does not read is refused as it is picked.
    await pickPapers(page, [files.exe]);
    await toast(page, /^setup\.exe: 仅支持svg、dxf、dwg、bmp、png、jpg、jpeg、kerf文件格式$/).waitFor();
    await dialog(page).getByLabel('物件名称').fill('Fox puzzle');
    await pickPapers(page, [files.dxf, files.disguised]);
    await pickPreviews(page, [files.png]);
    await dialog(page).getByLabel('价格').fill('19.99');
    await dialog(page).getByRole('switch').click();
    // The laser settings buyers will see: searched in the standard library as one types.
    await dialog(page).getByLabel('加工工艺').fill('皮革');
    await page.locator('.ant-select-item-option', { hasText: '植鞣皮革 Veg-tan leather · 2 mm' }).click();
    await page.keyboard.press('Escape');
    await dialog(page).getByLabel('授权').click();
    await page.locator('.ant-select-item-option', { hasText: '可商用' }).click();
    await dialog(page).getByRole('button', { name: '保存' }).click();
    // The PNG named .bmp passes the name check; the server's BMP reader refuses it (SPEC §4 failure words).
    const alert = dialog(page).getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toMatch(/^上传图纸失败：fox\.bmp：格式错误：.*PNG/);
    await animationsSettled(page);
    await shot(page, 'object-dialog-refused-zh');
    // The details were saved once (a draft now): the next save continues with that object, not a second one.
    await dialog(page).getByRole('button', { name: '移除 fox.bmp' }).click();
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await toast(page, '保存成功').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    const entries = (await api.list()).filter((e) => e.fileName.startsWith('Fox puzzle'));
    expect(entries.map((e) => e.fileName)).toEqual(['Fox puzzle.kobj']);
    const saved = await objectByApi(token, entries[0]!.userFileId);
    expect(saved.data).toMatchObject({ price: 1999, currency: 'CNY', listed: true, state: 'ready' });
    expect(saved.data.papers.map((p) => p.name)).toEqual(['arc.dxf']);
    expect(saved.data).toMatchObject({
      licence: 'commercial',
      crafts: [{ material: '植鞣皮革 Veg-tan leather', thickness: 2 }],
    });
    await row(page, 'Fox puzzle.kobj').getByRole('cell', { name: '物件', exact: true }).waitFor();

    // Opening it from the drive edits it: the stored attachments are there, the cover first.
    await row(page, 'Fox puzzle.kobj').dblclick();
    await dialog(page).getByText('arc.dxf').waitFor();
    await dialog(page).locator('.object-attachments__thumb').first().waitFor();
    await expect
      .poll(() =>
        dialog(page)
          .locator('.object-attachments__thumb')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(320);
    await expect.poll(() => dialog(page).getByLabel('价格').inputValue()).toBe('19.99');
    await dialog(page)
      .getByText(/植鞣皮革 Veg-tan leather · 2 mm/)
      .waitFor();
    await animationsSettled(page);
    await shot(page, 'object-dialog-edit-zh');
  });

  it('speaks English: the rules and the steps', async () => {
    const files = objectFiles();
    const { page, token, api } = await openDrive(browser, { locale: 'en' });
    // prices are asked in the currency picked in the header
    await page.getByRole('button', { name: 'Change currency' }).click();
    await page.getByRole('menuitem', { name: /USD/ }).click();
    await page.getByRole('button', { name: 'Upload object' }).click();
    await dialog(page).waitFor();
    const currency = dialog(page).locator('.ant-select', { has: page.getByLabel('Currency') });
    await expect.poll(() => currency.textContent()).toBe('USD');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    for (const text of [
      'The object name cannot be empty',
      'Please add a machining drawing',
      'Please add an effect image',
    ]) {
      await dialog(page).getByText(text, { exact: true }).waitFor();
    }
    await dialog(page).getByLabel('Object name').fill('Coaster');
    await pickPapers(page, [files.dxf]);
    await pickPreviews(page, [files.png]);
    await dialog(page).getByLabel('Price').fill('1.5.0');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('The price is not valid', { exact: true }).waitFor();
    await animationsSettled(page);
    await shot(page, 'object-dialog-rules-en');
    await dialog(page).getByLabel('Price').fill('0');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();
    await row(page, 'Coaster.kobj').waitFor();
    await row(page, 'Coaster.kobj').getByRole('cell', { name: 'Object', exact: true }).waitFor();
    const coaster = (await api.list()).find((e) => e.fileName === 'Coaster.kobj');
    expect((await objectByApi(token, coaster!.userFileId)).data).toMatchObject({ price: 0, currency: 'USD' });
  });

  it('lets a shopper find a listed object by part of its Chinese name, open it and like it', async () => {
    const files = objectFiles();
    const seller = uniqueEmail('seller');
    await registerByApi(seller, PASSWORD, '狐狸工坊');
    const sellerToken = await tokenByApi(seller, PASSWORD);
    const stamp = Date.now().toString(36);
    await listedObjectByApi(
      sellerToken,
      `狐狸拼图 ${stamp}`,
      files,
      { description: '3 mm 椴木板立体拼图，激光切割后免胶拼装。', tags: ['拼图', '动物'], material: '椴木板 3 mm' },
      1999,
    );
    const shopper = uniqueEmail('shopper');
    await registerByApi(shopper, PASSWORD, 'Shopper');
    const { page } = await browser.open('/web/store/gallery', { token: await tokenByApi(shopper, PASSWORD) });
    await waitForPage(page, '.gallery-page', 'the gallery');
    await page.getByLabel('搜索物件').fill(`拼图 ${stamp}`);
    await page.getByLabel('搜索物件').press('Enter');
    const card = page.getByRole('button', { name: `狐狸拼图 ${stamp}` });
    await card.waitFor();
    await expect.poll(() => card.locator('.object-card__price').textContent()).toBe('¥19.99');
    await expect.poll(() => card.locator('.object-card__owner').textContent()).toBe('狐狸工坊');
    // the card shows the effect image's 256 px thumbnail, not the whole picture
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await animationsSettled(page);
    await shot(page, 'gallery-shop-zh');
    await card.click();
    const detail = page.locator('.object-detail');
    await detail.getByText('arc.dxf').waitFor();
    await detail.getByText('3 mm 椴木板立体拼图，激光切割后免胶拼装。').waitFor();
    // Before buying, the drawing is seen as the laser core reads it: a picture of its lines.
    await expect
      .poll(() =>
        detail
          .locator('.object-detail__paper-picture')
          .first()
          .evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight)),
      )
      .toBe(768);
    await detail.locator('.object-detail__papers').scrollIntoViewIfNeeded();
    await animationsSettled(page);
    await shot(page, 'gallery-object-drawings-zh', false);
    await detail.getByRole('button', { name: /点赞 0/ }).click();
    await detail.getByRole('button', { name: /点赞 1/ }).waitFor();
    await expect.poll(() => detail.getByRole('button', { name: /点赞 1/ }).getAttribute('aria-pressed')).toBe('true');
    await animationsSettled(page);
    await shot(page, 'gallery-object-zh');
    // The address names the object: a reload opens it again.
    await expect.poll(() => new URL(page.url()).searchParams.get('object')).toBeTruthy();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.locator('.object-detail').getByText('Machining drawings').waitFor();
    await page
      .locator('.object-detail')
      .getByRole('button', { name: /Like 1/ })
      .waitFor();
    await animationsSettled(page);
    await shot(page, 'gallery-object-en');
  });

  it('sells: a buyer pays through the sandbox, downloads the drawing, and the seller sees the sale', async () => {
    const files = objectFiles();
    const seller = uniqueEmail('seller');
    await registerByApi(seller, PASSWORD, 'Owl Works');
    const sellerToken = await tokenByApi(seller, PASSWORD);
    const name = `Owl lamp ${Date.now().toString(36)}`;
    await listedObjectByApi(sellerToken, name, files, { description: 'A lamp of 3 mm plywood.' }, 2500);
    const buyer = uniqueEmail('buyer');
    await registerByApi(buyer, PASSWORD, 'Buyer');
    const { page, context } = await browser.open(`/web/store/gallery?keyword=${encodeURIComponent(name)}`, {
      token: await tokenByApi(buyer, PASSWORD),
    });
    await waitForPage(page, '.gallery-page', 'the gallery');
    await page.getByRole('button', { name }).click();
    const detail = page.locator('.object-detail');
    await detail.getByRole('button', { name: '购买' }).click();
    const pay = page.locator('.pay-dialog');
    await pay.getByText('¥25.00').waitFor();
    await pay.locator('canvas, svg').first().waitFor();
    await animationsSettled(page);
    await shot(page, 'trade-pay-zh');
    // The "scan": the provider's page in a tab of its own, where the buyer confirms.
    const [payPage] = await Promise.all([
      context.waitForEvent('page'),
      pay.getByRole('link', { name: '打开支付页面' }).click(),
    ]);
    await payPage.getByRole('button', { name: /确认支付/ }).click();
    await payPage.getByText('支付成功').waitFor();
    await payPage.close();
    // The order was read until the provider's notice marked it paid.
    await pay.getByText('支付成功').waitFor();
    await animationsSettled(page);
    await shot(page, 'trade-paid-zh');
    await pay.getByRole('button', { name: '完成' }).click();
    // Now the drawing is a download link, byte for byte the seller's.
    const link = detail.getByRole('link', { name: 'arc.dxf' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = await download.path();
    expect(Buffer.compare(readFileSync(saved!), readFileSync(files.dxf))).toBe(0);
    await detail.getByRole('button', { name: '保存到云盘' }).waitFor();
    // And it opens in the design editor, read by the same importer as a drawing from the computer.
    await detail.getByRole('button', { name: '在编辑器中打开' }).click();
    await page.waitForURL(/\/web\/design$/);
    await expect.poll(() => shapeCount(page), { timeout: 20_000 }).toBeGreaterThan(0);

    // The seller sees the sale and the earnings, in English too.
    const sellerPage = await browser.open('/web/trade?tab=sales', { token: sellerToken, language: 'en' });
    await sellerPage.page.getByRole('cell', { name }).waitFor();
    await sellerPage.page.getByText('CNY earnings: 1 sold, ¥25.00 net').waitFor();
    await sellerPage.page.getByRole('cell', { name: 'Paid', exact: true }).waitFor();
    await animationsSettled(sellerPage.page);
    await shot(sellerPage.page, 'trade-sales-en');
    const orderNo = (await sellerPage.page.locator('tbody tr').first().locator('td').first().textContent())!;
    const [exported] = await Promise.all([
      sellerPage.page.waitForEvent('download'),
      sellerPage.page.getByRole('link', { name: /Export CSV/ }).click(),
    ]);
    const csv = readFileSync((await exported.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFOrder no.,Object,Buyer,Amount,Currency,Refunded,State,Provider,Ordered at,Paid at',
    );
    expect(csv).toContain(`${orderNo},${name},Buyer,25.00,CNY,0.00,paid,sandbox,`);

    // An administrator finds the order by its number and refunds it in full: the buyer loses the drawing.
    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const adminPage = (await browser.open('/web/trade?tab=all', { token: admin })).page;
    await adminPage.getByLabel('按订单号查找订单').fill(orderNo);
    await adminPage.getByLabel('按订单号查找订单').press('Enter');
    const order = adminPage.locator('tbody tr', { hasText: orderNo });
    await order.getByRole('button', { name: '退款' }).click();
    const refund = adminPage.locator('.ant-modal', { hasText: `退款：订单 ${orderNo}` });
    await expect.poll(() => refund.getByLabel('退款金额').inputValue()).toBe('25.00');
    await refund.getByLabel('退款金额').fill('30');
    await refund.getByRole('button', { name: '退款' }).click();
    await refund.getByText('退款金额超过可退金额').waitFor();
    await refund.getByLabel('退款金额').fill('25');
    await refund.getByText('退款金额超过可退金额').waitFor({ state: 'detached' });
    await refund.getByLabel('退款原因（随退款记录保存）').fill('图纸与描述不符');
    await animationsSettled(adminPage);
    await shot(adminPage, 'trade-refund-zh');
    await refund.getByRole('button', { name: '退款' }).click();
    await toast(adminPage, '退款成功').waitFor();
    await order.getByText('已退款', { exact: true }).waitFor();
    await page.goto(`/web/store/gallery?keyword=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name }).click();
    await detail.getByRole('button', { name: '购买' }).waitFor();
  });
});
