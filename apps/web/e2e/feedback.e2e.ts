import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { feedbackMessages } from '@kerf/contract';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordSignIn, type RunningServer, startServer } from '../../server/e2e/server-process.js';
import { PASSWORD, toast } from './drive-support';
import { E2E_ADMIN } from './e2e-servers';
import { shot, useBrowser } from './harness';
import { animationsSettled, expectNoSidewaysScroll, switchLanguage, uniqueEmail, waitForPage } from './support';

/**
 * A visitor answers the picture captcha, whose answer only the server knows: this spec runs a server of
 * its own, and with TEST_REDIS_URL that server keeps its cache in Redis, where the spec reads the
 * answer as the integration tests read it from the memory cache. Without Redis the visitor's part
 * stops at a wrong answer being refused.
 */
const redisUrl = process.env.TEST_REDIS_URL;
let server: RunningServer;
let redis: Redis | undefined;

beforeAll(async () => {
  server = await startServer({
    ADMIN_ACCOUNT: E2E_ADMIN.account,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  if (redisUrl) {
    redis = new Redis(redisUrl);
    // this spec's sends from 127.0.0.1 start a fresh hourly allowance (Redis outlives the server)
    await forgetFeedbackAllowance();
  }
});

afterAll(async () => {
  if (redis) {
    await forgetFeedbackAllowance();
    redis.disconnect();
  }
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function forgetFeedbackAllowance() {
  const keys = await redis!.keys('kerf:feedback:sent:*');
  if (keys.length) await redis!.del(...keys);
}

const api = (path: string) => `${server.baseURL}${path}`;
const web = (path: string) => `${server.baseURL}/web${path}`;

async function registerAndSignIn(email: string, nickName: string): Promise<string> {
  const since = Date.now();
  const sent = await fetch(
    api(`/uac-api/captcha/getCode?${new URLSearchParams({ account: email, scene: 'register' })}`),
  );
  expect(((await sent.json()) as { code: number }).code).toBe(0);
  const code = await outboxLine((cells) => cells[2] === email && cells[3] === 'register', since).then((c) => c[4]!);
  const registered = await fetch(api('/uac-api/register/user/info'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: email, password: PASSWORD, code, nickName }),
  });
  expect(((await registered.json()) as { code: number }).code).toBe(0);
  return signIn(email, PASSWORD);
}

async function signIn(account: string, password: string): Promise<string> {
  const body = await passwordSignIn(server.baseURL, account, password);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.token!;
}

/** A line of the server's outbox (iso-time, channel, to, scene, code, subject, text) since a moment. */
async function outboxLine(match: (cells: string[]) => boolean, since: number): Promise<string[]> {
  const file = join(server.dataDir, 'outbox.log');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = existsSync(file) ? await readFile(file, 'utf8') : '';
    const hit = text
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((cells) => Date.parse(cells[0] ?? '') >= since - 1000 && match(cells))
      .at(-1);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no such line in ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(api(`/cloud-api${path}`), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(0);
  return envelope.data;
}

/** A screenshot someone would send: a small picture of a dialog. */
async function screenshotPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" fill="#f0f2f5"/><rect x="60" y="50" width="360" height="200" rx="8" fill="#fff" stroke="#d4380d" stroke-width="4"/>
    <rect x="90" y="90" width="300" height="22" fill="#d4380d"/><rect x="90" y="130" width="220" height="14" fill="#999"/>
    <rect x="90" y="156" width="260" height="14" fill="#999"/><rect x="290" y="200" width="100" height="30" rx="4" fill="#86a500"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The language of the app for this page, from now on. */
async function chooseLanguage(page: Page, language: 'en' | 'zh-CN') {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await page.reload();
}

const form = (page: Page) => page.getByRole('form', { name: /提交反馈|Send feedback/ });

describe('feedback', () => {
  const browser = useBrowser();

  it('a visitor sends feedback with a screenshot past the captcha; staff read it, see the screenshot, reply and resolve it', async () => {
    const contact = uniqueEmail('visitor');
    const description = `激光头回零时撞到限位开关，机器报警停止。${Date.now().toString(36)}`;
    const { page } = await browser.open('about:blank');
    const captchaAnswered = page.waitForResponse((r) => r.url().includes('/uac-api/captcha/image'));
    await page.goto(web('/feedback'));
    await waitForPage(page, '.feedback-page', 'the feedback page');
    const visitorForm = form(page);

    // the contract's words for each rule broken, before anything is sent
    await visitorForm.getByRole('button', { name: '提交反馈' }).click();
    await visitorForm.getByText(feedbackMessages.categoryRequired['zh-CN']).waitFor();
    await visitorForm.getByText(feedbackMessages.descriptionRequired['zh-CN']).waitFor();
    await visitorForm.getByText(feedbackMessages.contactRequired['zh-CN']).waitFor();
    await visitorForm.getByText(feedbackMessages.captchaRequired['zh-CN']).waitFor();
    await animationsSettled(page);
    await shot(page, 'feedback-form-rules-zh');

    await visitorForm.locator('.ant-radio-button-wrapper').filter({ hasText: '功能异常' }).click();
    await visitorForm.getByLabel('问题描述').fill(description);
    await page.getByTestId('feedback-screenshot-input').setInputFiles({
      name: 'alarm.png',
      mimeType: 'image/png',
      buffer: await screenshotPng(),
    });
    await visitorForm.getByRole('img', { name: 'alarm.png' }).waitFor();
    // a file that is no picture is refused with the contract's words, and not added
    await page.getByTestId('feedback-screenshot-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await toast(page, feedbackMessages.screenshotNotImage['zh-CN']).waitFor();
    await expect.poll(() => visitorForm.locator('.feedback-picker__item').count()).toBe(1);
    await visitorForm.getByLabel('联系方式').fill(contact);

    // a wrong answer is refused with the server's words, and a new picture comes
    const picture = visitorForm.locator('.auth-captcha img');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^data:image\/png/);
    const first = await picture.getAttribute('src');
    const nextCaptcha = page.waitForResponse((r) => r.url().includes('/uac-api/captcha/image'));
    await visitorForm.getByLabel('验证码').fill('zzzz');
    await visitorForm.getByRole('button', { name: '提交反馈' }).click();
    await visitorForm.getByRole('alert').getByText(feedbackMessages.captchaWrong['zh-CN']).waitFor();
    await expect.poll(() => picture.getAttribute('src')).not.toBe(first);
    await captchaAnswered;
    if (!redis) return;

    const { uuid } = ((await (await nextCaptcha).json()) as { data: { uuid: string } }).data;
    const answer = await redis.get(`kerf:captcha:${uuid}`);
    expect(answer).toBeTruthy();
    await visitorForm.getByLabel('验证码').fill(answer!);
    await animationsSettled(page);
    await shot(page, 'feedback-form-visitor-zh');
    const sent = Date.now();
    await visitorForm.getByRole('button', { name: '提交反馈' }).click();
    await toast(page, feedbackMessages.submitted['zh-CN']).waitFor();
    // the form is empty again, for another one
    await expect.poll(() => visitorForm.getByLabel('问题描述').inputValue()).toBe('');
    await expect.poll(() => visitorForm.locator('.feedback-picker__item').count()).toBe(0);

    // staff find it, see the screenshot, answer and resolve it
    const admin = await signIn(E2E_ADMIN.account, E2E_ADMIN.password);
    const { page: staff } = await browser.open('about:blank', { token: admin });
    await staff.goto(web('/sysm/feedback'));
    await waitForPage(staff, '.triage-page', 'the feedback triage');
    await staff.getByRole('tab', { name: '反馈处理' }).waitFor();
    await staff.getByLabel('关键词').fill(description.slice(-6));
    await staff.getByRole('button', { name: '搜索' }).click();
    const rows = staff.locator('.triage-page tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('访客').waitFor();
    await rows.first().getByText('待处理').waitFor();
    await rows.first().click();
    const drawer = staff.locator('.triage-drawer');
    await drawer.getByText(description).waitFor();
    await drawer.getByText(contact).waitFor();
    const thumbnail = drawer.getByRole('img', { name: 'alarm.png' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await thumbnail.click();
    const preview = staff.locator('.ant-image-preview-img');
    await preview.waitFor();
    await animationsSettled(staff);
    await shot(staff, 'feedback-screenshot-enlarged');
    await staff.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await drawer.getByLabel('回复').fill('感谢反馈！请在“设备 → 参数”中把回零速度调到 20 mm/s 以下再试。');
    await animationsSettled(staff);
    await shot(staff, 'feedback-triage-drawer-zh');
    await drawer.getByRole('button', { name: '回复并标记已解决' }).click();
    await toast(staff, feedbackMessages.replied['zh-CN']).waitFor();
    await drawer.locator('.feedback-thread__reply').getByText('回零速度').waitFor();
    await drawer.locator('.triage-drawer__facts').getByText('已解决').waitFor();
    await rows.first().getByText('已解决').waitFor();
    // the visitor left an e-mail: the reply went there (the outbox stands in for the mail server)
    const mailed = await outboxLine((cells) => cells[2] === contact && cells[3] === 'notice', sent);
    expect(mailed[5]).toBe(feedbackMessages.replySubject['zh-CN']);
    expect(mailed[6]).toContain('回零速度');

    await chooseLanguage(staff, 'en');
    await waitForPage(staff, '.triage-page', 'the feedback triage');
    // the address kept the one open (?id=), so it opens again after the reload
    await staff.locator('.triage-drawer').getByRole('button', { name: 'Send reply' }).waitFor();
    await staff.locator('.triage-drawer').getByText('Resolved').first().waitFor();
    // the state buttons stay in view at the drawer's foot
    await staff.locator('.triage-drawer').getByRole('button', { name: 'Set to Closed' }).click();
    await toast(staff, feedbackMessages.statusChanged.en).waitFor();
    await staff.locator('.triage-drawer__facts').getByText('Closed').waitFor();
    await staff.locator('.triage-drawer').getByRole('img', { name: 'alarm.png' }).waitFor();
    await animationsSettled(staff);
    await shot(staff, 'feedback-triage-drawer-en');

    // the visitor's form in English
    await chooseLanguage(page, 'en');
    await waitForPage(page, '.feedback-page', 'the feedback page');
    await form(page).locator('.ant-radio-button-wrapper').filter({ hasText: 'Suggestion' }).click();
    await form(page).getByLabel('Description').fill('Please let me pick the unit (mm or inch) per layer.');
    await expect.poll(() => form(page).locator('.auth-captcha img').getAttribute('src')).toMatch(/^data:image\/png/);
    await animationsSettled(page);
    await shot(page, 'feedback-form-visitor-en');
  });

  it('a signed-in person sends feedback, sees the answer on the bell, and reads it in My feedback', async () => {
    const email = uniqueEmail('feedback');
    const user = await registerAndSignIn(email, 'Lin');
    const admin = await signIn(E2E_ADMIN.account, E2E_ADMIN.password);
    const { page } = await browser.open('about:blank', { token: user });
    await page.goto(web('/feedback'));
    await waitForPage(page, '.feedback-page', 'the feedback page');
    await page.getByRole('tab', { name: '我的反馈' }).waitFor();
    const mine = form(page);
    // a signed-in person is answered in their messages: no captcha, the contact is optional
    await expect.poll(() => mine.locator('.auth-captcha').count()).toBe(0);
    await mine.locator('.ant-radio-button-wrapper').filter({ hasText: '设备问题' }).click();
    await mine.getByLabel('问题描述').fill('设备列表里我的机器一直显示离线，但机器已经联网。');
    await animationsSettled(page);
    await shot(page, 'feedback-form-signed-in-zh');
    await mine.getByRole('button', { name: '提交反馈' }).click();
    await toast(page, feedbackMessages.submitted['zh-CN']).waitFor();
    // it opens in My feedback, waiting
    await page.waitForURL(/\/web\/feedback\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const item = page.locator('.my-feedback .ant-collapse-item').filter({ hasText: '设备列表里我的机器' });
    await item.getByText('待处理').waitFor();
    await item.getByText('暂无回复，我们会尽快处理。').waitFor();

    await call('POST', `/feedback/${id}/replies`, admin, {
      text: '请在设备详情里重新绑定一次，离线状态会在一分钟内更新。',
    });
    await page.reload();
    await waitForPage(page, '.feedback-page', 'the feedback page');
    const bell = page.getByRole('button', { name: '消息，1 条未读' });
    await bell.waitFor();
    await animationsSettled(page);
    await shot(page, 'feedback-bell-badge-zh', false);
    await bell.click();
    const list = page.locator('.notice-popover');
    const notice = list.getByRole('button', { name: /Kerf 回复了你的反馈/ });
    await notice.waitFor();
    await animationsSettled(page);
    await shot(page, 'feedback-bell-zh', false);
    // seen: the count is gone
    await page.getByRole('button', { name: '消息', exact: true }).waitFor();
    await notice.click();
    await page.waitForURL(`**/web/feedback?id=${id}`);
    await item.getByText('处理中').waitFor();
    await item.locator('.feedback-thread__reply').getByText('重新绑定一次').waitFor();
    await animationsSettled(page);
    await shot(page, 'feedback-mine-zh');

    // in English: a second answer, the bell and the list
    await call('POST', `/feedback/${id}/replies`, admin, {
      text: 'Fixed on our side as well. Thanks!',
      status: 'resolved',
    });
    await chooseLanguage(page, 'en');
    await waitForPage(page, '.feedback-page', 'the feedback page');
    await page.getByRole('button', { name: 'Messages, 1 unread' }).click();
    await page
      .locator('.notice-popover')
      .getByRole('button', { name: /Kerf answered your feedback/ })
      .first()
      .waitFor();
    await animationsSettled(page);
    await shot(page, 'feedback-bell-en', false);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'My feedback' }).click();
    await page.locator('.my-feedback .ant-collapse-item').getByText('Resolved').waitFor();
    await page.locator('.my-feedback').getByText('Fixed on our side as well. Thanks!').waitFor();
    await animationsSettled(page);
    await shot(page, 'feedback-mine-en');

    // on a phone the header keeps the bell without scrolling sideways, and the list fits
    const { page: phone } = await browser.open('about:blank', { token: user, viewport: { width: 375, height: 800 } });
    await phone.goto(web(`/feedback?id=${id}`));
    await waitForPage(phone, '.my-feedback', 'my feedback');
    await phone.getByRole('button', { name: '消息' }).waitFor();
    await animationsSettled(phone);
    await shot(phone, 'feedback-mine-phone-zh');
    await expectNoSidewaysScroll(phone);
  });

  it('the floating help menu leads to the feedback page', async () => {
    const { page } = await browser.open('about:blank');
    await page.goto(web('/help'));
    await page.getByRole('button', { name: '帮助菜单' }).click();
    await page.getByRole('button', { name: '意见反馈' }).click();
    await page.waitForURL('**/web/feedback');
    await form(page).waitFor();
    await switchLanguage(page, '切换语言', 'English');
    await form(page).getByRole('button', { name: 'Send feedback' }).waitFor();
  });
});
