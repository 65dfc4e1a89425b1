import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchChromium } from './chromium-launch';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../.test-results/screenshots');

/**
 * One headless Chromium per spec file. `open()` gives a fresh context (own cookies and local storage)
 * at a path under the running server; the contexts a test opened are closed when it ends.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  // A failed test leaves a picture of each page it opened, to tell a slow page from a wrong one. Then
  // the test's contexts are closed: a page left open keeps working (a video or a song in a repeat
  // mode plays on), and on two cores the pages of earlier tests slowed the later ones past a minute.
  beforeEach(() => {
    contexts.length = 0;
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      const name = context.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      const pages = contexts.flatMap((c) => c.pages()).filter((page) => !page.isClosed());
      for (const [i, page] of pages.entries()) {
        await shot(page, `failed-${name}-${i}`).catch(() => undefined);
      }
    }
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  return {
    baseURL: () => inject('baseURL'),
    /**
     * `token` signs the context in and `language` sets the app's language before the first page
     * loads, so a signed-in page is one navigation, not a sign-in page and then the wanted one.
     */
    async open(path = '/web/', options: OpenOptions = {}) {
      if (!browser) throw new Error('browser not started');
      const baseURL = inject('baseURL');
      const context = await browser.newContext({
        baseURL,
        locale: options.locale ?? 'zh-CN',
        viewport: options.viewport ?? { width: 1366, height: 850 },
        // Reduced motion unless a test asks for motion: the app then opens dialogs, menus and drawers
        // without animating them, so a click never lands on something still sliding in, and two cores
        // do not spend time painting animation frames nobody looks at.
        reducedMotion: options.motion ? 'no-preference' : 'reduce',
        storageState: options.language
          ? {
              cookies: [],
              origins: [{ origin: baseURL, localStorage: [{ name: 'language', value: options.language }] }],
            }
          : undefined,
      });
      if (options.token) await context.addCookies(sessionCookies(baseURL, options.token));
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(path);
      return { page, context };
    },
  };
}

export interface OpenOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  /** A session token: the context starts signed in (the cookies the sign-in page sets). */
  token?: string;
  /** The app's language from the start (its `language` local-storage entry). */
  language?: 'en' | 'zh-CN';
  /** Show the app's animations, as for a person who has not asked for reduced motion. */
  motion?: boolean;
}

/** The cookies the web app keeps a session in (UAC-Login-Type 2: a password or code sign-in). */
export function sessionCookies(url: string, token: string) {
  return [
    { name: 'UAC-Token', value: token, url },
    { name: 'UAC-Login-Type', value: '2', url },
  ];
}

/**
 * Saves a screenshot under .test-results/screenshots/NAME.png for a person to look at: the whole page,
 * or what is in view (`fullPage` false, for a drawer scrolled down).
 */
export async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
