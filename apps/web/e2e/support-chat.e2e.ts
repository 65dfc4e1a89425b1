import { accountMessages } from '@kerf/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD } from './drive-support';
import { scratchFolders, still } from './fixtures';
import { sessionCookies, shot, useBrowser } from './harness';
import {
  animationsSettled,
  expectNoSidewaysScroll,
  openOnPhone,
  registerByApi,
  tokenByApi,
  uniqueEmail,
} from './support';

const CUSTOMER = 'Chat Customer';

const helpMenu = (page: Page) => page.getByRole('button', { name: '帮助菜单' });
const panel = (page: Page) => page.locator('.support-panel');
const composerBox = (scope: Page | Locator, english = false) =>
  scope.getByRole('textbox', {
    name: english
      ? 'Type a message. Enter sends, Shift+Enter starts a new line'
      : '输入消息，Enter 发送，Shift+Enter 换行',
  });
/** A stored message bubble with this text (pending ones carry no seq). */
const bubble = (scope: Page | Locator, text: string) => {
  const root = 'page' in scope ? scope.page() : scope;
  return scope.locator('.support-row[data-seq]').filter({ has: root.getByText(text, { exact: true }) });
};

async function openChat(page: Page) {
  await helpMenu(page).click();
  await page.getByRole('button', { name: '在线客服' }).click();
  await panel(page).waitFor();
}

/** The texts of the stored messages in the list, in order. */
function listedTexts(scope: Locator): Promise<string[]> {
  return scope.locator('.support-row[data-seq] .support-bubble__text').allTextContents();
}

/**
 * The customer-service chat end to end: a signed-in customer writes from the floating help menu (a
 * text and a picture), an administrator takes the conversation at /sysm/support and answers, read
 * marks travel both ways, answers written while the customer is offline arrive once each and in
 * order, and the panel works for a visitor on a public page and on a phone. The tests run in order.
 */
describe('customer-service chat', () => {
  const browser = useBrowser();
  const scratch = scratchFolders();
  let admin = '';
  let customer = '';

  beforeAll(async () => {
    admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const email = uniqueEmail('chat');
    await registerByApi(email, PASSWORD, CUSTOMER);
    customer = await tokenByApi(email, PASSWORD);
  });

  it('a customer writes from the help menu; an agent takes it, answers, and each sees the other’s read', async () => {
    const { page: user } = await browser.open('/web/workbench', { token: customer });
    await openChat(user);
    const chat = panel(user);
    await chat.getByText('你好！请描述你遇到的问题').waitFor();
    await composerBox(chat).fill('激光头不出光，怎么办？');
    await composerBox(chat).press('Enter');
    await bubble(chat, '激光头不出光，怎么办？').waitFor();
    // a picture, by the picker
    const dir = scratch('chat');
    const photo = still(dir, 'machine.png', 'testsrc=size=320x200:rate=1');
    await chat.getByTestId('support-picture-input').setInputFiles({
      name: 'machine.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    const picture = chat.locator('.support-row[data-seq] .support-image img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await expect.poll(() => chat.locator('.support-row--pending').count()).toBe(0);

    const { page: agent } = await browser.open('/web/sysm/support', { token: admin });
    const item = agent.locator('.support-queue__item').filter({ hasText: CUSTOMER });
    await item.waitFor();
    await item.click();
    const conversation = agent.locator('.support-conversation');
    await bubble(conversation, '激光头不出光，怎么办？').waitFor();
    await conversation.locator('.support-image img').waitFor();
    // the customer beside it
    await agent.locator('.support-customer').getByText(CUSTOMER).waitFor();
    await conversation.getByRole('button', { name: '接入' }).click();
    await agent.getByText('已接入会话').waitFor();
    await conversation.locator('.ant-tag').getByText('进行中').waitFor();
    await composerBox(conversation).fill('请先检查激光管的水冷是否开启。');
    await composerBox(conversation).press('Enter');

    // the customer sees the answer with the agent's name, and the notice that an agent took it
    const answer = bubble(chat, '请先检查激光管的水冷是否开启。');
    await answer.waitFor();
    await expect.poll(() => answer.locator('.support-row__sender').textContent()).toBeTruthy();
    await chat
      .locator('.support-notice')
      .filter({ hasText: /为你服务/ })
      .waitFor();
    // the panel is open and seen: the agent's answer shows read; the customer's messages show read too
    await expect
      .poll(() => bubble(conversation, '请先检查激光管的水冷是否开启。').locator('.support-read').textContent())
      .toBe('已读');
    await expect.poll(() => bubble(chat, '激光头不出光，怎么办？').locator('.support-read').textContent()).toBe('已读');
    await animationsSettled(user);
    await shot(user, 'support-chat-panel-zh', false);
    await animationsSettled(agent);
    await shot(agent, 'support-chat-console-zh', false);
  });

  it('answers written while the customer is offline arrive once each, in order, and count on the help button', async () => {
    const { page: user, context } = await browser.open('/web/workbench', { token: customer });
    await openChat(user);
    const chat = panel(user);
    await bubble(chat, '请先检查激光管的水冷是否开启。').waitFor();
    await chat.getByRole('button', { name: '关闭' }).first().click();
    await chat.waitFor({ state: 'hidden' });

    const { page: agent } = await browser.open('/web/sysm/support?tab=mine', { token: admin });
    await agent.locator('.support-queue__item').filter({ hasText: CUSTOMER }).click();
    const conversation = agent.locator('.support-conversation');
    await bubble(conversation, '请先检查激光管的水冷是否开启。').waitFor();

    await context.setOffline(true);
    for (const text of ['第一条：水泵已确认', '第二条：请重启设备']) {
      await composerBox(conversation).fill(text);
      await composerBox(conversation).press('Enter');
      await bubble(conversation, text).waitFor();
    }
    // nothing reached the offline customer
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await user.locator('.floating-help .ant-badge-count').count()).toBe(0);
    // back online: the chat connects again at once and fetches what follows the last message it holds
    const catchUp = user.waitForRequest((request) => /\/messages\?after=\d+/.test(request.url()));
    await context.setOffline(false);
    await catchUp;

    // unread while the panel is closed: the help button counts them
    await expect.poll(() => user.locator('.floating-help .ant-badge-count').first().textContent()).toMatch(/2/);
    await openChat(user);
    await bubble(chat, '第二条：请重启设备').waitFor();
    const texts = await listedTexts(chat);
    expect(texts.filter((t) => t === '第一条：水泵已确认')).toHaveLength(1);
    expect(texts.filter((t) => t === '第二条：请重启设备')).toHaveLength(1);
    expect(texts.indexOf('第一条：水泵已确认')).toBeLessThan(texts.indexOf('第二条：请重启设备'));
    expect(texts.at(-1)).toBe('第二条：请重启设备');
    // read now: the badge goes, and the agent sees both read
    await expect.poll(() => user.locator('.floating-help .ant-badge-count').count()).toBe(0);
    await expect
      .poll(() => bubble(conversation, '第二条：请重启设备').locator('.support-read').textContent())
      .toBe('已读');
  });

  it('in English: the panel and the console', async () => {
    const { page: user } = await browser.open('/web/workbench', { token: customer, language: 'en' });
    await user.getByRole('button', { name: 'Help menu' }).click();
    await user.getByRole('button', { name: 'Chat with us' }).click();
    const chat = panel(user);
    await bubble(chat, '第二条：请重启设备').waitFor();
    await composerBox(chat, true).fill('Thank you, it works again: https://kerf.example/ok');
    await composerBox(chat, true).press('Enter');
    // the address is a link; the rest stays text
    const link = chat.locator('.support-row[data-seq] .support-bubble__text a');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://kerf.example/ok');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await animationsSettled(user);
    await shot(user, 'support-chat-panel-en', false);

    const { page: agent } = await browser.open('/web/sysm/support?tab=mine', { token: admin, language: 'en' });
    await agent.locator('.support-queue__item').filter({ hasText: CUSTOMER }).click();
    const conversation = agent.locator('.support-conversation');
    await conversation.getByRole('link', { name: 'https://kerf.example/ok' }).waitFor();
    await conversation.getByRole('button', { name: 'End conversation' }).waitFor();
    await animationsSettled(agent);
    await shot(agent, 'support-chat-console-en', false);
  });

  it('an agent keeps quick replies and uses one; the history search opens a conversation', async () => {
    const { page: agent } = await browser.open('/web/sysm/support?tab=waiting', { token: admin });
    await agent.locator('.support-console__bar').getByRole('button', { name: '快捷回复' }).click();
    const drawer = agent.locator('.support-quick-drawer');
    await drawer.getByRole('button', { name: '新增快捷回复' }).click();
    await drawer.getByLabel('标题').fill('问候');
    await drawer.getByLabel('内容').fill('您好，很高兴为您服务。');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.locator('.ant-list-item').filter({ hasText: '您好，很高兴为您服务。' }).waitFor();
    await animationsSettled(agent);
    await shot(agent, 'support-chat-quick-replies-zh', false);
    await drawer
      .getByRole('button', { name: 'Close' })
      .or(drawer.getByRole('button', { name: '关闭' }))
      .first()
      .click();
    await drawer.waitFor({ state: 'hidden' });

    // the history finds the offline answers although the open tab does not list the conversation
    await agent.getByRole('button', { name: '历史消息' }).click();
    const search = agent.getByPlaceholder('搜索所有会话中的消息');
    await search.fill('水泵');
    await search.press('Enter');
    const hit = agent.locator('.support-history__hit').filter({ hasText: '第一条：水泵已确认' });
    await hit.locator('mark', { hasText: '水泵' }).waitFor();
    await animationsSettled(agent);
    await shot(agent, 'support-chat-history-zh', false);
    await hit.click();
    const conversation = agent.locator('.support-conversation');
    await bubble(conversation, '第一条：水泵已确认').waitFor();

    // a quick reply goes into the box, and is sent from there
    await conversation.getByRole('button', { name: '快捷回复' }).click();
    await agent.locator('.support-quick__item').filter({ hasText: '问候' }).click();
    await expect.poll(() => composerBox(conversation).inputValue()).toBe('您好，很高兴为您服务。');
    await composerBox(conversation).press('Enter');
    await bubble(conversation, '您好，很高兴为您服务。').waitFor();
  });

  it('a visitor on a public page is asked for a name, a contact and the picture captcha; the panel closes again', async () => {
    const { page } = await browser.open('/web/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await openChat(page);
    const chat = panel(page);
    const form = chat.locator('form');
    await form.getByLabel('称呼').fill('路过的访客');
    await form.getByLabel('联系方式').fill('visitor@example.com');
    const picture = form.locator('.auth-captcha img');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^data:image\//);
    await form.getByLabel('验证码').fill('zzzz');
    await form.getByRole('button', { name: '开始咨询' }).click();
    await chat.getByRole('alert').getByText(accountMessages.captchaWrong['zh-CN']).waitFor();
    await animationsSettled(page);
    await shot(page, 'support-chat-visitor-zh', false);
    await chat.getByRole('button', { name: '关闭' }).first().click();
    await chat.waitFor({ state: 'hidden' });
  });

  it('on a phone the panel fills the screen and closes again', async () => {
    const { context: seed } = await browser.open('/web/');
    const { page } = await openOnPhone(seed, '/web/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await openChat(page);
    const chat = panel(page);
    await chat.locator('form').waitFor();
    const box = await chat.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(390);
    await animationsSettled(page);
    await shot(page, 'support-chat-phone-zh', false);
    await chat.getByRole('button', { name: '关闭' }).first().click();
    await chat.waitFor({ state: 'hidden' });
    await helpMenu(page).waitFor();
  });

  it('on a phone the console shows the queue, then the conversation with a way back and the customer in a drawer', async () => {
    const { context: seed } = await browser.open('/web/');
    await seed.addCookies(sessionCookies(inject('baseURL'), admin));
    const { page, context } = await openOnPhone(seed, '/web/');
    await context.addCookies(sessionCookies(inject('baseURL'), admin));
    await page.goto('/web/sysm/support?tab=mine');
    const item = page.locator('.support-queue__item').filter({ hasText: CUSTOMER });
    await item.click();
    const conversation = page.locator('.support-conversation');
    await bubble(conversation, '您好，很高兴为您服务。').waitFor();
    await expectNoSidewaysScroll(page);
    await animationsSettled(page);
    await shot(page, 'support-chat-console-phone-zh', false);
    await conversation.getByRole('button', { name: '客户信息' }).click();
    await page.locator('.ant-drawer .support-customer').getByText(CUSTOMER).waitFor();
    await page.keyboard.press('Escape');
    await conversation.getByRole('button', { name: '返回列表' }).click();
    await item.waitFor();
  });
});
