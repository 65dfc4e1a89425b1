import { rmSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDrive, row, tempDir, toast, writeTemp } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled } from './support';

/** A one-page PDF, a green square; pdf.js rebuilds the missing cross-reference table. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<<>>>> endobj\n' +
    '4 0 obj <</Length 29>> stream\n0 0.6 0 rg 20 20 160 160 re f\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every Content-Security-Policy violation in a context from now on: the page's
 * `securitypolicyviolation` events, and the console's "Refused to…" lines (workers report there).
 */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const onConsole = (message: { text(): string }) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  };
  for (const page of context.pages()) page.on('console', onConsole);
  context.on('page', (page) => page.on('console', onConsole));
  return violations;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('hardening: the content security policy and names', () => {
  const browser = useBrowser();

  it('sends the policy and X-Frame-Options with the app and its share pages', async () => {
    for (const path of ['/web/', '/web/login', '/web/share/AbCdEf12', '/web/workbench?fileType=0']) {
      const res = await fetch(`${inject('baseURL')}${path}`);
      expect(res.status, path).toBe(200);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('cannot be framed by another page', async () => {
    const { page } = await browser.open('/web/login');
    await page.setContent(
      `<iframe id="victim" src="${inject('baseURL')}/web/login" width="400" height="300"></iframe>`,
    );
    const frame = await (await page.locator('#victim').elementHandle())!.contentFrame();
    // Chromium replaces a refused frame by its error page; the app never runs in it.
    await expect.poll(() => frame!.url()).toMatch(/^chrome-error:/);
    expect(await frame!.locator('#root').count()).toBe(0);
  });

  it('runs the main pages with no policy violation: drive, upload hashing, viewers, editor, account, share', async () => {
    const { page, context, api, token } = await openDrive(browser);
    const violations = await watchPolicy(context);
    await page.reload();
    await page.locator('.drive-toolbar').waitFor();
    // The watch sees what the policy refuses: an inline script is reported, then the list starts empty.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    violations.length = 0;

    // uploads hash in a worker with WebAssembly
    const dir = tempDir('csp');
    dirs.push(dir);
    const notes = writeTemp(dir, 'notes.txt', `Kerf ${Date.now()}\n`);
    const photo = writeTemp(dir, 'dot.png', PNG);
    await page.getByTestId('drive-upload-files').setInputFiles([notes, photo]);
    await row(page, 'notes.txt').waitFor();
    await row(page, 'dot.png').waitFor();

    // the image viewer
    await row(page, 'dot.png').dblclick();
    await page.locator('.viewer-overlay .viewer-image__img').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.viewer-overlay').waitFor({ state: 'detached' });

    // the text editor
    await row(page, 'notes.txt').dblclick();
    await page
      .getByText(/^Kerf \d+/)
      .first()
      .waitFor();
    await animationsSettled(page);
    await page.keyboard.press('Escape');

    // the PDF viewer in its own tab
    await api.upload('plan.pdf', PDF);
    await page.getByRole('button', { name: '刷新' }).click();
    const opened = context.waitForEvent('page');
    await row(page, 'plan.pdf').dblclick();
    const tab = await opened;
    await tab.waitForURL(/\/web\/pdf\?/);
    await tab.locator('.pdf-page[data-page="1"] canvas').waitFor({ timeout: 20_000 });
    await tab.close();

    // the account page
    await page.goto('/web/account');
    await page.getByText('Drive User').first().waitFor();

    // a share page, as its visitor
    const folder = await api.folder('Shared plans');
    const shared = await fetch(`${inject('baseURL')}/cloud-api/engine/share/sharefile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        shareType: 0,
        remarks: '',
        files: JSON.stringify([{ userFileId: folder.userFileId }]),
      }),
    }).then((res) => res.json() as Promise<{ data: { shareBatchNum: string } }>);
    const visitor = await browser.open('/web/login');
    const visitorViolations = await watchPolicy(visitor.context);
    await visitor.page.goto(`/web/share/${shared.data.shareBatchNum}`);
    await visitor.page.getByText('Shared plans').first().waitFor();
    await animationsSettled(visitor.page);

    expect(violations).toEqual([]);
    expect(visitorViolations).toEqual([]);
  });

  it.each([
    ['zh-CN', '名称不能包含控制字符或文字方向控制符', 'New folder', '新建文件夹', '文件夹名称'],
    [
      'en',
      'A name cannot contain control characters or text-direction controls',
      'New folder',
      'New folder',
      'Folder name',
    ],
  ] as const)('the folder dialog refuses a disguised name (%s)', async (locale, message, _en, button, label) => {
    const { page, api } = await openDrive(browser, { locale });
    await page.getByRole('button', { name: button }).click();
    const form = page.getByRole('dialog', { name: button });
    const name = form.getByLabel(label);
    await name.fill('\u202egpj.exe');
    await form.getByText(message).waitFor();
    await animationsSettled(page);
    await shot(page, `name-bidi-refused-${locale}`);
    await name.press('Enter');
    await animationsSettled(page);
    expect(await form.isVisible()).toBe(true);
    await name.fill('gpj.exe');
    await form.getByText(message).waitFor({ state: 'detached' });
    await name.press('Enter');
    await toast(page, locale === 'en' ? 'Folder created' : '文件夹创建成功').waitFor();
    expect((await api.list()).map((e) => e.fileName)).toEqual(['gpj.exe']);
  });

  it('an upload named with a right-to-left override is refused with the reason, in both languages', async () => {
    for (const [locale, message, label] of [
      ['zh-CN', '名称不能包含控制字符或文字方向控制符', '上传列表'],
      ['en', 'A name cannot contain control characters or text-direction controls', 'Uploads'],
    ] as const) {
      const { page, api } = await openDrive(browser, { locale });
      const dir = tempDir('bidi-upload');
      dirs.push(dir);
      const disguised = writeTemp(dir, '\u202egpj.exe', `MZ ${Date.now()} ${locale}`);
      await page.getByTestId('drive-upload-files').setInputFiles([disguised]);
      const panel = page.getByRole('region', { name: label });
      await panel.locator('.upload-item__error').getByText(message).waitFor();
      await animationsSettled(page);
      await shot(page, `upload-bidi-refused-${locale}`);
      expect(await api.list()).toEqual([]);
    }
  });

  it('shows the refusal on a phone too', async () => {
    const { page } = await openDrive(browser, { viewport: { width: 375, height: 740 } });
    await page.getByRole('button', { name: '新建文件夹' }).click();
    const form = page.getByRole('dialog', { name: '新建文件夹' });
    await form.getByLabel('文件夹名称').fill('plan\u2066.dxf');
    await form.getByText('名称不能包含控制字符或文字方向控制符').waitFor();
    await animationsSettled(page);
    await shot(page, 'name-bidi-refused-375');
  });
});
