import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject, vi } from 'vitest';
import { passwordSignIn } from '../../server/e2e/server-process.js';
import { sessionCookies } from './harness';

/** The theme colour the app applied, as the CSS variable it keeps in sync with antd's colorPrimary. */
export function themeColour(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--kerf-primary').trim().toUpperCase(),
  );
}

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Nothing may stick out sideways: a phone would show a horizontal scrollbar. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

export async function switchLanguage(page: Page, from: '切换语言' | 'Change language', to: '中文' | 'English') {
  await page.getByRole('button', { name: from }).click();
  const item = page.getByRole('menuitem', { name: to });
  await item.waitFor();
  await animationsSettled(page);
  await item.click();
}

/** Waits until the page has painted twice more: what a change started (a canvas drawing) is on screen. */
export async function framesPainted(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Waits for running CSS animations and transitions (drawers sliding in, fades) to finish. */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/* ---- accounts ---- */

/** A fresh e-mail address per test, lower-case as the server stores it. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.kerf.test`;
}

/** A fresh mainland mobile number per test (139 + 8 digits). */
export function uniqueMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

/**
 * The newest verification code sent to an address since a moment, read from DATA_DIR/outbox.log
 * (one line per code: iso-time, channel, to, scene, code, subject, text; tab-separated). Waits for it.
 */
export async function newestCode(address: string, scene: string, since: number, timeoutMs = 10_000): Promise<string> {
  const file = join(inject('dataDir'), 'outbox.log');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = existsSync(file) ? await readFile(file, 'utf8') : '';
    const hit = text
      .split('\n')
      .map((line) => line.split('\t'))
      .filter(([at, , to, lineScene]) => to === address && lineScene === scene && Date.parse(at ?? '') >= since - 1000)
      .at(-1);
    if (hit?.[4]) return hit[4];
    if (Date.now() > deadline) throw new Error(`no ${scene} code for ${address} in ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function envelope(response: Response): Promise<{ code: number; msg: string; data: unknown; token?: string }> {
  return (await response.json()) as { code: number; msg: string; data: unknown; token?: string };
}

/** Registers an account through the API (code from the outbox), for tests about something else. */
export async function registerByApi(account: string, password: string, nickName?: string): Promise<void> {
  const base = inject('baseURL');
  const since = Date.now();
  const sent = await fetch(`${base}/uac-api/captcha/getCode?${new URLSearchParams({ account, scene: 'register' })}`);
  expect((await envelope(sent)).code).toBe(0);
  const code = await newestCode(account, 'register', since);
  const registered = await fetch(`${base}/uac-api/register/user/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, code, nickName }),
  });
  expect(await envelope(registered)).toMatchObject({ code: 0 });
}

/** A token from the password grant, as the web app would get it. */
export async function tokenByApi(account: string, password: string): Promise<string> {
  const body = await passwordSignIn(inject('baseURL'), account, password);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.token!;
}

/** Signs a browser context in without the login page (for tests about signed-in screens). */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies(sessionCookies(inject('baseURL'), token));
}

export async function sessionToken(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'UAC-Token')?.value;
}

/** Fills and submits the password tab of /login (or /mobile/login). */
export async function signInWithPassword(page: Page, account: string, password: string, english = false) {
  const form = page.getByRole('form', { name: english ? 'Password' : '密码登录' });
  await form.getByLabel(english ? 'Mobile number or e-mail' : '手机号或邮箱').fill(account);
  await form.getByLabel(english ? 'Password' : '密码', { exact: true }).fill(password);
  await form.getByLabel(english ? 'Password' : '密码', { exact: true }).press('Enter');
}

export const IPHONE = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

/**
 * A phone: a context with an iPhone user agent, made on the browser of a context the harness opened
 * (the harness's `open` sets no user agent or touch). Closed with that context, at the test's end.
 */
export async function openOnPhone(seed: BrowserContext, path: string) {
  const browser = seed.browser();
  if (!browser) throw new Error('no browser behind the context');
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ...IPHONE,
  });
  seed.once('close', () => void context.close().catch(() => undefined));
  const page = await context.newPage();
  await page.goto(path);
  return { page, context };
}

/**
 * Checks a radio button or a checkbox in a dialog. A dialog still opening can render its form again
 * under the click and drop it; a person clicks again when the choice did not take, and so does this.
 */
export function checkFirmly(control: Locator) {
  return clickUntil(control, () => control.isChecked());
}

/**
 * Clicks a dialog's action and waits for what it leads to, clicking again if the click was dropped (the
 * button idle and nothing shown a few seconds on), as a person would.
 */
export async function clickUntilShown(button: Locator, outcome: Locator) {
  for (let attempt = 1; ; attempt++) {
    await button.click();
    try {
      await outcome.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      // still sending (antd's loading button): keep waiting; idle: the click was dropped, click again
      const sending = await button
        .evaluate((el) => el.classList.contains('ant-btn-loading'), undefined, { timeout: 1_000 })
        .catch(() => false);
      if (sending) return outcome.waitFor({ timeout: 30_000 });
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Clicks `control` until `took()` says the click had its effect (a click during a dialog's opening render
 * can be dropped; a person clicks again, and so does this).
 */
export async function clickUntil(control: Locator, took: () => Promise<boolean>) {
  await vi.waitFor(
    async () => {
      // a click that cannot happen yet (the control still hidden) is tried again on the next round
      if (!(await took())) await control.click({ timeout: 3_000 }).catch(() => undefined);
      if (!(await took())) throw new Error('the click did not take yet');
    },
    { timeout: 15_000, interval: 200 },
  );
}

/**
 * Presses a toggle button (one with `aria-pressed`) in a dialog until it shows pressed, for the same
 * reason as `checkFirmly`: a click during the dialog's opening render can be dropped.
 */
export function pressFirmly(button: Locator) {
  return clickUntil(button, async () => (await button.getAttribute('aria-pressed')) === 'true');
}

/**
 * Waits for the element that says a signed-in page opened; when it does not come, fails with the
 * address and what the page says instead (a sign-in page, an error), not only "timed out".
 */
export async function waitForPage(page: Page, selector: string, what: string): Promise<void> {
  await page
    .locator(selector)
    .waitFor({ timeout: 20_000 })
    .catch(async (error: Error) => {
      const text =
        (await page
          .locator('body')
          .textContent()
          .catch(() => '')) ?? '';
      throw new Error(`${what} did not open at ${page.url()}: ${text.slice(0, 400)}`, { cause: error });
    });
}
