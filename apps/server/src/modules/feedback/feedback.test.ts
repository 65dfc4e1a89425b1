import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEEDBACK_LIMITS, FEEDBACK_PERMISSIONS, feedbackMessages, type Locale } from '@kerf/contract';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapRootToken, call, type Json, joinWithRole } from '../../../test/account-helpers.js';
import { multipartBody } from '../../../test/craft-helpers.js';
import { testDatabases } from '../../../test/databases.js';
import { drivePeople, filesUnder } from '../../../test/drive-helpers.js';
import { documentedRoutes } from '../../../test/openapi-helpers.js';
import { RecordingDelivery, testApp } from '../../../test/test-app.js';
import { feedbackScreenshots, feedbacks, userNotices } from '../../db/schema.js';
import { DiskBlobStore } from '../../infra/blob/disk-blob-store.js';
import { MemoryCache } from '../../infra/cache/memory-cache.js';
import type { NoticeMessage } from '../verification/code-delivery.js';

const API = '/cloud-api';

/** Records notices like the test delivery, or fails every one while `failing` (a mail server down). */
class FlakyDelivery extends RecordingDelivery {
  failing = false;
  override async notify(notice: NoticeMessage) {
    if (this.failing) throw new Error('mail server unreachable');
    return super.notify(notice);
  }
}

async function png(extra = '') {
  const picture = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#86a500' } })
    .png()
    .toBuffer();
  return Buffer.concat([picture, Buffer.from(extra)]);
}

interface Submit {
  category?: string;
  description?: string;
  contact?: string;
  captcha?: { uuid: string; code: string };
  screenshots?: Array<{ name: string; content: Buffer }>;
  token?: string;
  ip?: string;
  lang?: Locale;
}

/**
 * Feedback from /feedback and a person's messages, through the HTTP API on a real database and a disk
 * blob store: the visitor's captcha, screenshots written again, the address limit, staff triage, a
 * reply reaching its author (messages, mail, SMS), and who may call what.
 */
describe.each(testDatabases)('feedback and notices on $name', (database) => {
  const delivery = new FlakyDelivery();
  const cache = new MemoryCache();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let blobDir: string;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let ada: string;
  let eve: string;
  let staff: string;
  /** Each test sends from an address of its own, so the hourly limit is only met where it is tested. */
  let address = 0;
  const nextIp = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  beforeAll(async () => {
    db = await database.open();
    blobDir = mkdtempSync(join(tmpdir(), 'kerf-feedback-'));
    app = await testApp(db, { delivery, cache, blobs: await DiskBlobStore.open({ dir: blobDir }) });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    eve = await people.join('eve');
    staff = await joinWithRole(app, db.db, people, 'sam', [FEEDBACK_PERMISSIONS.triage]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    if (blobDir) rmSync(blobDir, { recursive: true, force: true });
  });

  async function captcha() {
    const image = (await call(app, 'GET', '/uac-api/captcha/image')).body.data;
    return { uuid: image.uuid as string, code: (await cache.get(`captcha:${image.uuid}`))! };
  }

  async function submit(input: Submit) {
    const fields = {
      category: input.category ?? 'bug',
      description: input.description ?? 'The laser stops half way through a job',
      contact: input.contact ?? '',
      ...(input.captcha ? { captchaUuid: input.captcha.uuid, captchaCode: input.captcha.code } : {}),
    };
    const { payload, contentType } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(input.screenshots ?? []).map((s) => ({ name: 'screenshots', filename: s.name, content: s.content })),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/feedback`,
      remoteAddress: input.ip ?? nextIp(),
      headers: {
        'content-type': contentType,
        'accept-language': input.lang ?? 'zh-CN',
        ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
      },
      payload,
    });
    return { status: res.statusCode, body: res.json() as Json };
  }

  async function stored() {
    const [rows] = await db.db.select({ n: count() }).from(feedbacks);
    const [shots] = await db.db.select({ n: count() }).from(feedbackScreenshots);
    return { feedback: rows!.n, screenshots: shots!.n, blobs: filesUnder(blobDir).length };
  }

  const screenshot = (id: string, auth: { token?: string; cookie?: string } = {}) =>
    app.inject({
      method: 'GET',
      url: `${API}/feedback/screenshots/${id}`,
      headers: {
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(auth.cookie ? { cookie: `UAC-Token=${auth.cookie}` } : {}),
      },
    });

  it('lists every feedback and notice route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/(feedback|notice)/)).toEqual(
      [
        'POST /cloud-api/feedback',
        'GET /cloud-api/feedback/mine',
        'GET /cloud-api/feedback/list',
        'GET /cloud-api/feedback/{id}',
        'GET /cloud-api/feedback/screenshots/{screenshotId}',
        'PUT /cloud-api/feedback/{id}/status',
        'POST /cloud-api/feedback/{id}/replies',
        'GET /cloud-api/notice/list',
        'GET /cloud-api/notice/unread',
        'POST /cloud-api/notice/read',
      ].sort(),
    );
    const tags = (app.swagger() as { tags: Array<{ name: string }> }).tags.map((t) => t.name);
    expect(tags).toContain('feedback');
  });

  it('asks a visitor for a contact and the picture captcha; a wrong answer keeps nothing, the right one stores it', async () => {
    const before = await stored();
    const noContact = await submit({ captcha: await captcha() });
    expect(noContact.body).toMatchObject({ code: 400, msg: feedbackMessages.contactRequired['zh-CN'] });
    const noCaptcha = await submit({ contact: 'visitor@example.com' });
    expect(noCaptcha.body).toMatchObject({ code: 400, msg: feedbackMessages.captchaRequired['zh-CN'] });
    const wrong = await submit({ contact: 'visitor@example.com', captcha: { ...(await captcha()), code: 'zzzz' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(feedbackMessages.captchaWrong['zh-CN']);
    // a captcha is used once, right or wrong
    const once = await captcha();
    await submit({ contact: 'visitor@example.com', captcha: { ...once, code: 'zzzz' } });
    expect((await submit({ contact: 'visitor@example.com', captcha: once })).body.msg).toBe(
      feedbackMessages.captchaWrong['zh-CN'],
    );
    const english = await submit({ lang: 'en', contact: 'visitor@example.com', captcha: { uuid: 'x', code: 'y' } });
    expect(english.body.msg).toBe(feedbackMessages.captchaWrong.en);
    expect(await stored()).toEqual(before);

    const sent = await submit({
      category: 'device',
      description: '  The fan keeps running after the job  ',
      contact: 'visitor@example.com',
      captcha: await captcha(),
      screenshots: [{ name: 'fan.png', content: await png() }],
    });
    expect(sent.body).toMatchObject({ code: 0, msg: feedbackMessages.submitted['zh-CN'] });
    expect(sent.body.data).toMatchObject({
      category: 'device',
      description: 'The fan keeps running after the job',
      contact: 'visitor@example.com',
      status: 'new',
      userId: null,
      replies: [],
    });
    const seen = await call(app, 'GET', `${API}/feedback/${sent.body.data.id}`, { token: staff });
    expect(seen.body.data.screenshots).toHaveLength(1);
    expect(await stored()).toEqual({
      feedback: before.feedback + 1,
      screenshots: before.screenshots + 1,
      blobs: before.blobs + 1,
    });
  });

  it('checks the form with the contract’s messages; a signed-in person may leave the contact empty', async () => {
    for (const [input, message] of [
      [{ category: 'praise' }, feedbackMessages.categoryRequired],
      [{ description: '   ' }, feedbackMessages.descriptionRequired],
      [{ description: 'tiny' }, feedbackMessages.descriptionTooShort],
      [{ description: 'x'.repeat(FEEDBACK_LIMITS.descriptionMax + 1) }, feedbackMessages.descriptionTooLong],
      [{ contact: 'c'.repeat(FEEDBACK_LIMITS.contactMax + 1) }, feedbackMessages.contactTooLong],
    ] as const) {
      for (const lang of ['zh-CN', 'en'] as const) {
        const res = await submit({ ...input, token: ada, lang });
        expect(res.body, JSON.stringify(input)).toMatchObject({ code: 400, msg: message[lang] });
      }
    }
    const mine = await submit({ token: ada, description: '描述五个字' });
    expect(mine.body.data).toMatchObject({ contact: '', userId: people.userIds.ada, authorName: 'ADA' });
  });

  it('keeps screenshots as pixels written again, refuses what is no picture, more than six, or over 10 MB, and keeps nothing then', async () => {
    const polyglot = await png('<script>alert(1)</script>');
    const sent = await submit({
      token: ada,
      screenshots: [
        { name: '../../etc/shot.png', content: polyglot },
        { name: 'second.png', content: await png() },
      ],
    });
    expect(sent.body.code, sent.body.msg).toBe(0);
    const [first, second] = sent.body.data.screenshots as Json[];
    expect(first).toMatchObject({ name: 'shot.png', width: 6, height: 4 });
    expect(second).toMatchObject({ name: 'second.png' });
    // the session cookie is enough, for an <img> in the page
    const picture = await screenshot(first.id, { cookie: ada });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(picture.headers['content-security-policy']).toBe('sandbox');
    expect(picture.rawPayload.includes('<script>')).toBe(false);
    expect((await sharp(picture.rawPayload).metadata()).format).toBe('png');

    const before = await stored();
    const notPicture = await submit({
      token: ada,
      screenshots: [
        { name: 'fine.png', content: await png() },
        { name: 'evil.png', content: Buffer.from('<html><script>alert(1)</script></html>') },
      ],
    });
    expect(notPicture.body).toMatchObject({ code: 400, msg: feedbackMessages.screenshotNotImage['zh-CN'] });
    const seven = await submit({
      token: ada,
      screenshots: await Promise.all(
        Array.from({ length: FEEDBACK_LIMITS.screenshotsMax + 1 }, async (_, i) => ({
          name: `${i}.png`,
          content: await png(String(i)),
        })),
      ),
    });
    expect(seven.body).toMatchObject({ code: 400, msg: feedbackMessages.tooManyScreenshots['zh-CN'] });
    const large = await submit({
      token: ada,
      lang: 'en',
      screenshots: [{ name: 'large.png', content: Buffer.alloc(FEEDBACK_LIMITS.screenshotMaxBytes + 1, 1) }],
    });
    expect(large.status).toBe(413);
    expect(large.body.msg).toBe(feedbackMessages.screenshotTooLarge.en);
    expect(await stored()).toEqual(before);

    const six = await submit({
      token: ada,
      screenshots: await Promise.all(
        Array.from({ length: FEEDBACK_LIMITS.screenshotsMax }, async (_, i) => ({
          name: `${i}.png`,
          content: await png(String(i)),
        })),
      ),
    });
    expect(six.body.data.screenshots.map((s: Json) => s.name)).toEqual([
      '0.png',
      '1.png',
      '2.png',
      '3.png',
      '4.png',
      '5.png',
    ]);
  });

  it('lets one address send at most the hourly allowance', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < FEEDBACK_LIMITS.perHour; i++) {
      expect((await submit({ token: eve, ip })).body.code).toBe(0);
    }
    const before = await stored();
    const refused = await submit({ token: eve, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(feedbackMessages.tooMany['zh-CN']);
    expect(await stored()).toEqual(before);
    // another address is not held back
    expect((await submit({ token: eve, ip: '192.0.2.78' })).body.code).toBe(0);
  });

  it('moves through new, in progress, resolved and closed by staff, and staff find it by state, category and words', async () => {
    const sent = await submit({
      token: ada,
      category: 'suggestion',
      description: 'Please add a dark theme to the editor',
    });
    const id = sent.body.data.id as string;
    const replied = await call(app, 'POST', `${API}/feedback/${id}/replies`, {
      token: staff,
      body: { text: 'Thank you, we are looking at it' },
    });
    expect(replied.body).toMatchObject({ code: 0, msg: feedbackMessages.replied['zh-CN'] });
    expect(replied.body.data).toMatchObject({
      status: 'in_progress',
      replies: [{ staffName: 'SAM', text: 'Thank you, we are looking at it' }],
    });
    const resolved = await call(app, 'PUT', `${API}/feedback/${id}/status`, {
      token: staff,
      body: { status: 'resolved' },
    });
    expect(resolved.body).toMatchObject({
      code: 0,
      msg: feedbackMessages.statusChanged['zh-CN'],
      data: { status: 'resolved' },
    });
    // a reply to a resolved feedback leaves its state, unless it sets one
    const again = await call(app, 'POST', `${API}/feedback/${id}/replies`, {
      token: admin,
      body: { text: 'It ships next week' },
    });
    expect(again.body.data.status).toBe('resolved');
    const closed = await call(app, 'POST', `${API}/feedback/${id}/replies`, {
      token: staff,
      body: { text: 'Shipped', status: 'closed' },
    });
    expect(closed.body.data.status).toBe('closed');
    expect(closed.body.data.replies.map((r: Json) => r.text)).toEqual([
      'Thank you, we are looking at it',
      'It ships next week',
      'Shipped',
    ]);

    const find = async (query: string) =>
      (await call(app, 'GET', `${API}/feedback/list?${query}`, { token: staff })).body.data;
    expect((await find('q=DARK%20theme')).list.map((f: Json) => f.id)).toEqual([id]);
    expect((await find('status=closed&category=suggestion')).list.map((f: Json) => f.id)).toContain(id);
    expect((await find('status=new&q=dark')).list).toEqual([]);
    const page = await find('limit=2');
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    // a visitor's contact is searched too
    expect((await find('q=visitor%40example')).list.length).toBeGreaterThan(0);

    for (const [body, message] of [
      [{ text: '   ' }, feedbackMessages.replyRequired],
      [{ text: 'x'.repeat(FEEDBACK_LIMITS.replyMax + 1) }, feedbackMessages.replyTooLong],
    ] as const) {
      const res = await call(app, 'POST', `${API}/feedback/${id}/replies`, { token: staff, body, lang: 'en' });
      expect(res.body).toMatchObject({ code: 400, msg: message.en });
    }
    const unknown = await call(app, 'PUT', `${API}/feedback/3f1c0c8e-0000-4000-8000-000000000000/status`, {
      token: staff,
      body: { status: 'closed' },
    });
    expect(unknown.body).toMatchObject({ code: 404, msg: feedbackMessages.notFound['zh-CN'] });
  });

  it('sends a reply to its author: a message and a mail to a bound e-mail, in the author’s language', async () => {
    const sent = await submit({ token: ada, lang: 'en', description: 'The job preview is upside down on my machine' });
    const id = sent.body.data.id as string;
    const unreadBefore = (await call(app, 'GET', `${API}/notice/unread`, { token: ada })).body.data.count;
    const mails = delivery.notices.length;
    await call(app, 'POST', `${API}/feedback/${id}/replies`, { token: staff, body: { text: 'Fixed in 2.1' } });

    expect((await call(app, 'GET', `${API}/notice/unread`, { token: ada })).body.data).toEqual({
      count: unreadBefore + 1,
    });
    const list = (await call(app, 'GET', `${API}/notice/list?unread=1`, { token: ada })).body.data;
    expect(list.list[0]).toMatchObject({
      kind: 'feedback-reply',
      title: feedbackMessages.replySubject.en,
      text: 'Fixed in 2.1',
      link: `/feedback?id=${id}`,
      read: false,
    });
    const mailed = delivery.notices.slice(mails);
    expect(mailed).toEqual([
      {
        channel: 'email',
        to: 'ada@example.com',
        subject: feedbackMessages.replySubject.en,
        text: expect.stringMatching(
          new RegExp(
            `^About your feedback “The job preview is upside down…”: Fixed in 2\\.1 \\(read it at http.*/web/feedback\\?id=${id}\\)$`,
          ),
        ),
      },
    ]);

    // reading: one by id, then all; nobody else's are touched
    const others = (await call(app, 'POST', `${API}/notice/read`, { token: eve, body: { ids: [list.list[0].id] } }))
      .body;
    expect(others.data).toEqual({ count: 0 });
    const one = await call(app, 'POST', `${API}/notice/read`, { token: ada, body: { ids: [list.list[0].id] } });
    expect(one.body.data).toEqual({ count: 1 });
    const all = await call(app, 'POST', `${API}/notice/read`, { token: ada });
    expect(all.body, JSON.stringify(all.body)).toMatchObject({ code: 0 });
    expect((await call(app, 'GET', `${API}/notice/unread`, { token: ada })).body.data.count).toBe(0);
    expect((await call(app, 'GET', `${API}/notice/list`, { token: ada })).body.data.list[0].read).toBe(true);
  });

  it('mails a visitor who left an e-mail, texts one who left a mobile, and tells no one who left neither', async () => {
    const send = async (contact: string) =>
      (await submit({ contact, captcha: await captcha(), description: `Where is the manual for ${contact}` })).body.data
        .id as string;
    const byMail = await send('Guest@Example.com');
    const byPhone = await send('+86 139-1234-5678');
    const neither = await send('QQ 12345');
    const notices = await db.db.select({ n: count() }).from(userNotices);
    const before = delivery.notices.length;
    for (const id of [byMail, byPhone, neither]) {
      const res = await call(app, 'POST', `${API}/feedback/${id}/replies`, {
        token: staff,
        body: { text: 'See page 4' },
      });
      expect(res.body.code).toBe(0);
    }
    expect(delivery.notices.slice(before).map(({ channel, to, subject }) => ({ channel, to, subject }))).toEqual([
      { channel: 'email', to: 'guest@example.com', subject: feedbackMessages.replySubject['zh-CN'] },
      { channel: 'mobile', to: '13912345678', subject: feedbackMessages.replySubject['zh-CN'] },
    ]);
    expect(delivery.notices.at(-1)!.text).toContain('关于你的反馈“Where is the manual for +86 13…”：See page 4');
    // visitors have no account: no messages are left
    expect(await db.db.select({ n: count() }).from(userNotices)).toEqual(notices);
  });

  it('keeps the reply when the mail cannot be delivered', async () => {
    const id = (await submit({ token: ada, description: 'Mail server test feedback' })).body.data.id as string;
    delivery.failing = true;
    try {
      const res = await call(app, 'POST', `${API}/feedback/${id}/replies`, { token: staff, body: { text: 'Noted' } });
      expect(res.body).toMatchObject({ code: 0, data: { status: 'in_progress', replies: [{ text: 'Noted' }] } });
    } finally {
      delivery.failing = false;
    }
    const list = (await call(app, 'GET', `${API}/notice/list`, { token: ada })).body.data.list as Json[];
    expect(list.some((n) => n.link === `/feedback?id=${id}`)).toBe(true);
  });

  it('access matrix: anonymous, another person, the author, staff and the administrator on every route', async () => {
    const sent = await submit({ token: ada, screenshots: [{ name: 'a.png', content: await png() }] });
    const id = sent.body.data.id as string;
    const shotId = sent.body.data.screenshots[0].id as string;
    const who = { anonymous: undefined, other: eve, author: ada, staff, admin } as const;
    type Who = keyof typeof who;
    const routes: Array<
      [string, 'GET' | 'POST' | 'PUT', string, Record<string, unknown> | undefined, Record<Who, number>]
    > = [
      [
        'mine',
        'GET',
        `${API}/feedback/mine`,
        undefined,
        { anonymous: 401, other: 200, author: 200, staff: 200, admin: 200 },
      ],
      [
        'one',
        'GET',
        `${API}/feedback/${id}`,
        undefined,
        { anonymous: 401, other: 404, author: 200, staff: 200, admin: 200 },
      ],
      [
        'list',
        'GET',
        `${API}/feedback/list`,
        undefined,
        { anonymous: 401, other: 403, author: 403, staff: 200, admin: 200 },
      ],
      [
        'status',
        'PUT',
        `${API}/feedback/${id}/status`,
        { status: 'in_progress' },
        { anonymous: 401, other: 403, author: 403, staff: 200, admin: 200 },
      ],
      [
        'reply',
        'POST',
        `${API}/feedback/${id}/replies`,
        { text: 'ok' },
        { anonymous: 401, other: 403, author: 403, staff: 200, admin: 200 },
      ],
      [
        'notices',
        'GET',
        `${API}/notice/list`,
        undefined,
        { anonymous: 401, other: 200, author: 200, staff: 200, admin: 200 },
      ],
      [
        'unread',
        'GET',
        `${API}/notice/unread`,
        undefined,
        { anonymous: 401, other: 200, author: 200, staff: 200, admin: 200 },
      ],
      ['read', 'POST', `${API}/notice/read`, {}, { anonymous: 401, other: 200, author: 200, staff: 200, admin: 200 }],
    ];
    for (const [name, method, url, body, expected] of routes) {
      for (const [caller, token] of Object.entries(who) as Array<[Who, string | undefined]>) {
        const res = await call(app, method, url, { token, body });
        expect(res.status, `${name} as ${caller}`).toBe(expected[caller]);
      }
    }
    for (const [caller, token] of Object.entries(who) as Array<[Who, string | undefined]>) {
      const expected = { anonymous: 401, other: 404, author: 200, staff: 200, admin: 200 }[caller];
      expect((await screenshot(shotId, { token })).statusCode, `screenshot as ${caller}`).toBe(expected);
    }
    // my feedback is mine alone; the staff member's own list holds none of Ada's
    const eveMine = (await call(app, 'GET', `${API}/feedback/mine?limit=100`, { token: eve })).body.data.list as Json[];
    expect(eveMine.every((f) => f.userId === people.userIds.eve)).toBe(true);
    const adaMine = (await call(app, 'GET', `${API}/feedback/mine?limit=100`, { token: ada })).body.data.list as Json[];
    expect(adaMine.map((f) => f.id)).toContain(id);
    expect(adaMine.every((f) => f.userId === people.userIds.ada)).toBe(true);
    // anyone may send: the submit itself is open (a visitor then needs the captcha)
    expect((await submit({ token: eve })).body.code).toBe(0);
    expect((await submit({ token: admin })).body.code).toBe(0);
    expect((await submit({ contact: 'x@example.com' })).body.msg).toBe(feedbackMessages.captchaRequired['zh-CN']);
    // a made-up or malformed id is simply not there
    for (const bad of ['not-a-uuid', '3f1c0c8e-0000-4000-8000-000000000000']) {
      expect((await call(app, 'GET', `${API}/feedback/${bad}`, { token: staff })).status).toBe(404);
      expect((await screenshot(bad, { token: staff })).statusCode).toBe(404);
    }
  });
});
