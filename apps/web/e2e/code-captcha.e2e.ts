import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  accountMessages,
  CODE_SENDS_BEFORE_CAPTCHA,
  CODE_SENDS_PER_CLIENT_HOUR,
  CODE_SENDS_PER_RECIPIENT_DAY,
} from '@kerf/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/e2e/server-process.js';
import { shot, useBrowser } from './harness';
import { animationsSettled, switchLanguage, uniqueEmail } from './support';

/**
 * The shared end-to-end server keeps the code send limits out of reach (every spec registers from
 * 127.0.0.1), so this spec runs its own server with the shipped limits.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    CODE_SENDS_BEFORE_CAPTCHA: String(CODE_SENDS_BEFORE_CAPTCHA),
    CODE_SENDS_PER_CLIENT_HOUR: String(CODE_SENDS_PER_CLIENT_HOUR),
    CODE_SENDS_PER_RECIPIENT_DAY: String(CODE_SENDS_PER_RECIPIENT_DAY),
    CODE_SENDS_PER_HOUR: '1000',
  });
});

afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** Requests codes for fresh addresses from this machine until the server asks for the captcha. */
async function sendUntilCaptchaAsked() {
  for (let i = 0; i <= CODE_SENDS_PER_CLIENT_HOUR; i++) {
    const query = new URLSearchParams({ account: uniqueEmail('burst'), scene: 'register' });
    const answer = (await (await fetch(`${server.baseURL}/uac-api/captcha/getCode?${query}`)).json()) as {
      code: number;
      data: { captchaRequired?: boolean } | null;
    };
    if (answer.data?.captchaRequired) return i;
    expect(answer.code).toBe(0);
  }
  throw new Error('the server never asked for the captcha');
}

async function outboxLines(): Promise<string> {
  return readFile(join(server.dataDir, 'outbox.log'), 'utf8').catch(() => '');
}

async function pictureSource(page: Page) {
  return page.getByRole('dialog').locator('.auth-captcha-picture img').getAttribute('src');
}

describe('verification codes after several sends', () => {
  const browser = useBrowser();

  async function openRegister(viewport?: { width: number; height: number }) {
    const { page } = await browser.open('/web/', { viewport });
    await page.goto(`${server.baseURL}/web/register`);
    return page;
  }

  it('shows the picture captcha and refuses a wrong answer with the server message (zh-CN)', async () => {
    expect(await sendUntilCaptchaAsked()).toBe(CODE_SENDS_BEFORE_CAPTCHA);

    const page = await openRegister();
    const form = page.getByRole('form', { name: '注册 Kerf 账号' });
    const email = uniqueEmail('captcha');
    await form.getByLabel('手机号或邮箱').fill(email);
    await form.getByLabel('手机号或邮箱').blur();
    await form.getByRole('button', { name: '获取验证码' }).click();

    const dialog = page.getByRole('dialog', { name: '安全验证' });
    await dialog.waitFor();
    const picture = dialog.getByRole('img', { name: '图形验证码' });
    await picture.waitFor();
    await expect.poll(() => pictureSource(page)).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const first = await pictureSource(page);
    await animationsSettled(page);

    // Z is never drawn, so this answer is wrong whatever the picture says
    await dialog.getByLabel('图形验证码', { exact: true }).fill('ZZZZ');
    await dialog.getByRole('button', { name: '发送验证码' }).click();
    await dialog.getByRole('alert').getByText(accountMessages.captchaWrong['zh-CN']).waitFor();
    // each picture is good for one try, so a new one is drawn
    await expect.poll(() => pictureSource(page)).not.toBe(first);
    await expect.poll(() => pictureSource(page)).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => dialog.getByLabel('图形验证码', { exact: true }).inputValue()).toBe('');
    await animationsSettled(page);
    await shot(page, 'code-captcha-wrong-zh');

    // nothing went out to the address, and the form did not submit behind the dialog
    expect(await outboxLines()).not.toContain(email);
    expect(page.url()).toContain('/web/register');

    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => form.getByRole('button', { name: '获取验证码' }).isEnabled()).toBe(true);
  });

  it('says the same in English, also on a phone-width screen', async () => {
    const page = await openRegister({ width: 375, height: 760 });
    await switchLanguage(page, '切换语言', 'English');
    const form = page.getByRole('form', { name: 'Create your Kerf account' });
    await form.getByLabel('Mobile number or e-mail').fill(uniqueEmail('captcha-en'));
    await form.getByLabel('Mobile number or e-mail').blur();
    await form.getByRole('button', { name: 'Get code' }).click();

    const dialog = page.getByRole('dialog', { name: 'Security check' });
    await dialog.getByRole('img', { name: 'Picture characters' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'code-captcha-asked-en-375');

    await dialog.getByLabel('Picture characters', { exact: true }).fill('ZZZZ');
    await dialog.getByLabel('Picture characters', { exact: true }).press('Enter');
    await dialog.getByRole('alert').getByText(accountMessages.captchaWrong.en).waitFor();
    await dialog.getByRole('img', { name: 'Picture characters' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'code-captcha-wrong-en-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
