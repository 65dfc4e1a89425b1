import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { BlobStore } from '../src/infra/blob/blob-store.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import type { Cache } from '../src/infra/cache/cache.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { RedisCache } from '../src/infra/cache/redis-cache.js';
import { type LiveBus, MemoryLiveBus, RedisLiveBus } from '../src/infra/live/live-bus.js';
import { createServices, type Services } from '../src/services.js';
import { bootstrapRootToken, call, grantRole, type Json, signIn } from './account-helpers.js';
import { multipartBody } from './craft-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, UNREACHED_CODE_SEND_LIMITS } from './test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const API = '/cloud-api/support';

type Frame = Record<string, Json>;

/** A chat socket: its frames as they come, a way to wait for some, and a way to send. */
function chatSocket(url: string) {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const until = async (match: (f: Frame) => boolean, count = 1, ms = 8000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const found = frames.filter(match);
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(
      `waited for ${count} frames, saw ${frames.filter(match).length}: ${JSON.stringify(frames.slice(-5))}`,
    );
  };
  return {
    socket,
    frames,
    until,
    async ready() {
      await opened;
      await until((f) => f.type === 'hello');
    },
    send: (frame: Frame) => socket.send(JSON.stringify(frame)),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

async function png(extra = '') {
  const picture = await sharp({ create: { width: 5, height: 4, channels: 3, background: '#86a500' } })
    .png()
    .toBuffer();
  return Buffer.concat([picture, Buffer.from(extra)]);
}

/** One attachment as the web app sends it (multipart clientId, file with its type). */
async function attach(
  app: FastifyInstance,
  conversationId: string,
  auth: { token?: string; visitor?: string },
  file: { name: string; type: string; content: Buffer },
  clientId = `c-${randomBytes(4).toString('hex')}`,
) {
  const { payload, contentType } = multipartBody([
    { name: 'clientId', value: clientId },
    { name: 'file', filename: file.name, content: file.content },
  ]);
  const typed = Buffer.from(
    payload.toString('latin1').replace('Content-Type: application/octet-stream', `Content-Type: ${file.type}`),
    'latin1',
  );
  const res = await app.inject({
    method: 'POST',
    url: `${API}/conversations/${conversationId}/attachments`,
    headers: {
      'content-type': contentType,
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.visitor ? { 'x-support-visitor': auth.visitor } : {}),
    },
    payload: typed,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/**
 * The customer-service chat end to end through the HTTP API and the socket, on two instances of the
 * app sharing one PostgreSQL (and, with TEST_REDIS_URL, one Redis for the cache and the live bus):
 * what one instance stores reaches sockets on the other, in order, once.
 */
describe(`support chat: two instances${redisUrl ? ' through Redis' : ' in one process'}`, () => {
  const database = testDatabases.find((d) => d.name === 'postgres') ?? testDatabases[0]!;
  let db: Awaited<ReturnType<typeof database.open>>;
  const apps: FastifyInstance[] = [];
  const buses: LiveBus[] = [];
  const caches: Cache[] = [];
  const services: Services[] = [];
  let blobs: BlobStore;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => apps[0]!, delivery);
  const id = randomBytes(4).toString('hex');
  let root: string;
  let agent: string;

  async function instance(bus: LiveBus, cache: Cache) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      ...UNREACHED_CODE_SEND_LIMITS,
      SUPPORT_NOTICE_AFTER_SECONDS: '3600',
    });
    const infra = { database: db, blobs, cache, delivery, live: bus };
    const made = createServices(config, infra, pino({ level: 'silent' }));
    await made.prepare();
    const app = await buildApp({ config, infra, services: made, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    services.push(made);
    return app;
  }

  const [A, B] = [() => apps[0]!, () => apps[1]!];
  const wsUrl = (app: FastifyInstance, query: string) => {
    const { port } = app.server.address() as { port: number };
    return `ws://127.0.0.1:${port}${API}/live?${query}`;
  };

  beforeAll(async () => {
    db = await database.open();
    blobs = await createBlobStore({ storage: 'disk', dir: mkdtempSync(join(tmpdir(), 'kerf-support-')) });
    const prefix = `kerf:test:support:${id}:`;
    for (let i = 0; i < 2; i++) {
      const bus = redisUrl ? new RedisLiveBus(redisUrl, prefix) : (buses[0] ?? new MemoryLiveBus());
      const cache = redisUrl
        ? new RedisCache(redisUrl, `kerf:test:support-cache:${id}:`)
        : (caches[0] ?? new MemoryCache());
      if (!buses.includes(bus)) buses.push(bus);
      if (!caches.includes(cache)) caches.push(cache);
      await instance(bus, cache);
    }
    root = await bootstrapRootToken(A(), db.db, delivery);
    await people.join('ada');
    await people.join('eve');
    await people.join('sam');
    await grantRole(db.db, people.userIds.sam!, `support-${id}`, ['support:chat:serve']);
    agent = (await signIn(A(), { grant_type: 'password', account: 'sam@example.com', password: 'drive_01' })).body
      .token;
    for (const bus of buses) if (bus instanceof RedisLiveBus) await bus.ready();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    for (const cache of caches) await cache.close();
    await db?.dispose();
  });

  async function openFor(token: string) {
    const opened = await call(A(), 'POST', `${API}/mine`, { token });
    expect(opened.body.code, opened.body.msg).toBe(0);
    return opened.body.data.id as string;
  }

  it('a person reads and writes only their own conversation; the staff routes need support:chat:serve', async () => {
    expect((await call(A(), 'GET', `${API}/mine`)).body).toMatchObject({ code: 0, data: null });
    expect((await call(A(), 'POST', `${API}/mine`)).status).toBe(401);
    const conversation = await openFor(people.tokens.ada!);
    expect((await call(B(), 'GET', `${API}/mine`, { token: people.tokens.ada })).body.data.id).toBe(conversation);
    // the same open conversation, whichever instance is asked
    expect((await call(B(), 'POST', `${API}/mine`, { token: people.tokens.ada })).body.data.id).toBe(conversation);

    const sent = await call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: people.tokens.ada,
      body: { clientId: 'perm-1', text: 'My laser will not home' },
    });
    expect(sent.body.data).toMatchObject({ seq: 1, side: 'customer', text: 'My laser will not home' });
    const picture = await attach(
      A(),
      conversation,
      { token: people.tokens.ada },
      {
        name: 'a.png',
        type: 'image/png',
        content: await png(),
      },
    );

    const eve = people.tokens.eve!;
    for (const [method, url, body] of [
      ['GET', `${API}/conversations/${conversation}/messages`, undefined],
      ['POST', `${API}/conversations/${conversation}/messages`, { clientId: 'x', text: 'hi' }],
      ['POST', `${API}/conversations/${conversation}/read`, { seq: 1 }],
      ['GET', `${API}/attachments/${picture.body.data.id}`, undefined],
    ] as const) {
      expect((await call(B(), method, url, { token: eve, body })).status, `${method} ${url}`).toBe(404);
      expect((await call(B(), method, url, { body })).status, `anonymous ${method} ${url}`).toBe(401);
    }
    const staffRoutes = [
      ['GET', `${API}/queue`],
      ['GET', `${API}/agents`],
      ['GET', `${API}/messages/search?q=laser`],
      ['GET', `${API}/quick-replies`],
      ['GET', `${API}/conversations/${conversation}/customer`],
      ['POST', `${API}/conversations/${conversation}/assign`],
      ['POST', `${API}/conversations/${conversation}/close`],
    ] as const;
    for (const [method, url] of staffRoutes) {
      expect((await call(A(), method, url, { token: eve, body: {} })).status, `${method} ${url}`).toBe(403);
      expect((await call(A(), method, url, { body: {} })).status, `anonymous ${method} ${url}`).toBe(401);
    }
    // staff (the agent and the administrator) read it; the customer's view shows no staff unread
    const asAgent = await call(B(), 'GET', `${API}/conversations/${conversation}/messages`, { token: agent });
    expect(asAgent.body.data.list.map((m: Json) => m.seq)).toEqual([1, 2]);
    const queue = await call(A(), 'GET', `${API}/queue?assignee=none`, { token: root });
    expect(queue.body.data.list.find((c: Json) => c.id === conversation)).toMatchObject({
      customerName: 'ADA',
      unread: 2,
      status: 'waiting',
    });
    const customer = await call(A(), 'GET', `${API}/conversations/${conversation}/customer`, { token: agent });
    expect(customer.body.data).toMatchObject({ name: 'ADA', email: 'ada@example.com', devices: [] });
  });

  it('delivers every message in order, once, to sockets on both instances, and a retried clientId is the same message', async () => {
    const conversation = await openFor(people.tokens.eve!);
    const before = (await call(A(), 'GET', `${API}/mine`, { token: people.tokens.eve })).body.data.lastSeq as number;
    const customer = chatSocket(wsUrl(B(), `token=${people.tokens.eve}`));
    const console = chatSocket(wsUrl(A(), `token=${agent}`));
    await Promise.all([customer.ready(), console.ready()]);
    console.send({ type: 'watch-queue' });
    await new Promise((resolve) => setTimeout(resolve, 100));

    // the customer writes over the socket on B while the agent writes through HTTP on A, at once
    const agentSends = Array.from({ length: 15 }, (_, i) =>
      call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
        token: agent,
        body: { clientId: `agent-${i}`, text: `answer ${i}` },
      }),
    );
    for (let i = 0; i < 15; i++)
      customer.send({ type: 'send', conversationId: conversation, clientId: `eve-${i}`, text: `question ${i}` });
    await Promise.all(agentSends);
    const acks = await customer.until((f) => f.type === 'ack', 15);
    expect(acks.map((a) => a.clientId)).toEqual(Array.from({ length: 15 }, (_, i) => `eve-${i}`));

    const ofThis = (f: Frame) => f.type === 'message' && f.message.conversationId === conversation;
    const seen = await customer.until(ofThis, 30);
    const seenByStaff = await console.until(ofThis, 30);
    const expected = Array.from({ length: 30 }, (_, i) => before + i + 1);
    for (const frames of [seen, seenByStaff]) {
      const seqs = frames.map((f) => f.message.seq as number);
      expect(new Set(seqs).size).toBe(30);
      expect([...seqs].sort((a, b) => a - b)).toEqual(expected);
    }
    // the customer's own messages keep the order they were sent in
    const eveSeqs = seen.filter((f) => f.message.side === 'customer').map((f) => f.message.text);
    expect(eveSeqs).toEqual(Array.from({ length: 15 }, (_, i) => `question ${i}`));
    const history = await call(A(), 'GET', `${API}/conversations/${conversation}/messages?after=${before}&limit=100`, {
      token: people.tokens.eve,
    });
    expect(history.body.data.list.map((m: Json) => m.seq)).toEqual(expected);

    // a retry of a stored clientId, on either instance and either transport, answers the same message
    const again = await call(B(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: people.tokens.eve,
      body: { clientId: 'eve-3', text: 'question 3' },
    });
    expect(again.body.data.id).toBe(acks[3]!.message.id);
    customer.send({ type: 'send', conversationId: conversation, clientId: 'eve-4', text: 'question 4' });
    const reAck = (await customer.until((f) => f.type === 'ack' && f.clientId === 'eve-4', 2))[1]!;
    expect(reAck.message.id).toBe(acks[4]!.message.id);
    // two instances racing with one new clientId store it once
    const race = await Promise.all(
      [A(), B()].map((app) =>
        call(app, 'POST', `${API}/conversations/${conversation}/messages`, {
          token: people.tokens.eve,
          body: { clientId: 'eve-race', text: 'twice?' },
        }),
      ),
    );
    expect(race[0]!.body.data.id).toBe(race[1]!.body.data.id);
    const after = await call(A(), 'GET', `${API}/conversations/${conversation}/messages?after=${before}&limit=100`, {
      token: agent,
    });
    expect(after.body.data.list).toHaveLength(31);
    await customer.close();
    await console.close();
  });

  it('a customer who reconnects catches up on exactly what was missed', async () => {
    const conversation = await openFor(people.tokens.ada!);
    let socket = chatSocket(wsUrl(B(), `token=${people.tokens.ada}`));
    await socket.ready();
    const write = (text: string) =>
      call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
        token: agent,
        body: { clientId: randomBytes(6).toString('hex'), text },
      });
    await write('first answer');
    const [first] = await socket.until((f) => f.type === 'message' && f.message.text === 'first answer');
    const lastSeen = first!.message.seq as number;
    await socket.close();
    await write('while away 1');
    await write('while away 2');
    socket = chatSocket(wsUrl(A(), `token=${people.tokens.ada}`));
    await socket.ready();
    const missed = await call(B(), 'GET', `${API}/conversations/${conversation}/messages?after=${lastSeen}`, {
      token: people.tokens.ada,
    });
    expect(missed.body.data.list.map((m: Json) => m.text)).toEqual(['while away 1', 'while away 2']);
    await write('after return');
    const [live] = await socket.until((f) => f.type === 'message' && f.message.text === 'after return');
    expect(live!.message.seq).toBe(lastSeen + 3);
    await socket.close();
  });

  it('read receipts and typing reach the other side; unread counts follow them', async () => {
    const conversation = await openFor(people.tokens.ada!);
    const customer = chatSocket(wsUrl(A(), `token=${people.tokens.ada}`));
    const console = chatSocket(wsUrl(B(), `token=${agent}`));
    await Promise.all([customer.ready(), console.ready()]);
    console.send({ type: 'watch-queue' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: agent,
      body: { clientId: randomBytes(6).toString('hex'), text: 'Try the homing switch' },
    });
    const seq = answer.body.data.seq as number;
    expect((await call(B(), 'GET', `${API}/mine`, { token: people.tokens.ada })).body.data.unread).toBeGreaterThan(0);
    customer.send({ type: 'read', conversationId: conversation, seq });
    const [read] = await console.until(
      (f) => f.type === 'read' && f.conversationId === conversation && f.side === 'customer',
    );
    expect(read!.seq).toBe(seq);
    expect((await call(B(), 'GET', `${API}/mine`, { token: people.tokens.ada })).body.data.unread).toBe(0);
    // a mark never goes back
    expect(
      (
        await call(A(), 'POST', `${API}/conversations/${conversation}/read`, {
          token: people.tokens.ada,
          body: { seq: 1 },
        })
      ).body.data.seq,
    ).toBeNull();

    customer.send({ type: 'typing', conversationId: conversation });
    await console.until((f) => f.type === 'typing' && f.conversationId === conversation && f.side === 'customer');
    console.send({ type: 'typing', conversationId: conversation });
    await customer.until((f) => f.type === 'typing' && f.side === 'staff');
    // the customer's socket hears nothing of other conversations
    expect(customer.frames.every((f) => !f.message || f.message.conversationId === conversation)).toBe(true);
    await customer.close();
    await console.close();
  });

  it('attachments: pictures are written again, files only downloaded, false pictures and big files refused', async () => {
    const conversation = await openFor(people.tokens.ada!);
    const ada = { token: people.tokens.ada };
    const picture = await attach(B(), conversation, ada, {
      name: 'board.png',
      type: 'image/png',
      content: await png('<script>alert(1)</script>'),
    });
    expect(picture.body.data).toMatchObject({ kind: 'image', attachment: { name: 'board.png', width: 5, height: 4 } });
    const shown = await A().inject({
      method: 'GET',
      url: `${API}/attachments/${picture.body.data.id}`,
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
    expect(shown.rawPayload.includes('<script>')).toBe(false);
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(5);

    const page = await attach(A(), conversation, ada, {
      name: 'notes.html',
      type: 'text/html',
      content: Buffer.from('<script>alert(1)</script>'),
    });
    expect(page.body.data).toMatchObject({ kind: 'file', attachment: { name: 'notes.html', size: 25 } });
    const download = await B().inject({
      method: 'GET',
      url: `${API}/attachments/${page.body.data.id}`,
      headers: { authorization: `Bearer ${people.tokens.ada}` },
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['content-security-policy']).toBe('sandbox');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const fake = await attach(A(), conversation, ada, {
      name: 'fake.png',
      type: 'image/png',
      content: Buffer.from('text'),
    });
    expect(fake).toMatchObject({ status: 400, body: { msg: '无法识别的图片' } });
    const big = await attach(A(), conversation, ada, {
      name: 'big.bin',
      type: 'application/octet-stream',
      content: Buffer.alloc(20 * 1024 * 1024 + 1),
    });
    expect(big).toMatchObject({ status: 413, body: { msg: '文件不能超过20MB' } });
    const bigPicture = await attach(A(), conversation, ada, {
      name: 'big.png',
      type: 'image/png',
      content: Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(bigPicture).toMatchObject({ status: 413, body: { msg: '图片不能超过10MB' } });
    // refused uploads left no message behind
    const list = await call(A(), 'GET', `${API}/conversations/${conversation}/messages?limit=5`, ada);
    expect(list.body.data.list.at(-1).id).toBe(page.body.data.id);
  });

  it('visitors need the picture captcha and reach only their own conversation with its token', async () => {
    const noCaptcha = await call(A(), 'POST', `${API}/visitor`, { body: { name: 'Li', contact: 'li@example.com' } });
    expect(noCaptcha).toMatchObject({ status: 400, body: { msg: '请输入图形验证码' } });
    const captcha = async () => {
      const made = await call(A(), 'GET', '/uac-api/captcha/image');
      const uuid = made.body.data.uuid as string;
      return { uuid, answer: (await caches[0]!.get(`captcha:${uuid}`))! };
    };
    const wrong = await captcha();
    const refused = await call(A(), 'POST', `${API}/visitor`, {
      body: { name: 'Li', contact: 'li@example.com', captchaUuid: wrong.uuid, captchaCode: 'zzzz' },
    });
    expect(refused.body.msg).toBe('图形验证码错误');
    const right = await captcha();
    const opened = await call(B(), 'POST', `${API}/visitor`, {
      body: { name: 'Li', contact: 'li@example.com', captchaUuid: right.uuid, captchaCode: right.answer },
    });
    expect(opened.body.code, opened.body.msg).toBe(0);
    const { token, conversation } = opened.body.data as { token: string; conversation: Json };
    expect(conversation).toMatchObject({ customerName: 'Li', contact: 'li@example.com', userId: null });

    const asVisitor = (method: 'GET' | 'POST', url: string, payload?: Json, visitor = token) =>
      A().inject({ method, url, headers: { 'x-support-visitor': visitor }, ...(payload ? { payload } : {}) });
    expect((await asVisitor('GET', `${API}/mine`)).json().data.id).toBe(conversation.id);
    const sent = await asVisitor('POST', `${API}/conversations/${conversation.id}/messages`, {
      clientId: 'v1',
      text: 'Hello',
    });
    expect(sent.json().data).toMatchObject({ seq: 1, side: 'customer' });
    const socket = chatSocket(wsUrl(B(), `visitor=${token}`));
    await socket.ready();
    await call(A(), 'POST', `${API}/conversations/${conversation.id}/messages`, {
      token: agent,
      body: { clientId: 'to-visitor', text: 'Welcome' },
    });
    await socket.until((f) => f.type === 'message' && f.message.text === 'Welcome');
    const picture = await attach(
      A(),
      conversation.id,
      { visitor: token },
      { name: 'v.png', type: 'image/png', content: await png() },
    );
    const fetched = await A().inject({
      method: 'GET',
      url: `${API}/attachments/${picture.body.data.id}?visitor=${token}`,
    });
    expect(fetched.statusCode).toBe(200);
    // a visitor's token reaches nothing else, and a made-up one nothing at all
    const adaConversation = (await call(A(), 'GET', `${API}/mine`, { token: people.tokens.ada })).body.data.id;
    expect((await asVisitor('GET', `${API}/conversations/${adaConversation}/messages`)).statusCode).toBe(404);
    const invented = await asVisitor('GET', `${API}/mine`, undefined, 'not-a-token');
    expect(invented.statusCode).toBe(401);
    expect(invented.json().msg).toBe('访客会话已失效，请重新开始');
    const stranger = new WebSocket(wsUrl(A(), 'visitor=not-a-token'));
    const refusedUpgrade = await new Promise<number>((resolve) => {
      stranger.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      stranger.on('open', () => resolve(101));
      stranger.on('error', () => undefined);
    });
    expect(refusedUpgrade).toBe(401);
    await socket.close();
  });

  it('a flood is cut off at the window’s limit, over HTTP and over the socket', async () => {
    await people.join(`flood${id}`);
    const token = people.tokens[`flood${id}`]!;
    const conversation = await openFor(token);
    // stay inside one 10 s window: start just after a window begins
    const windowMs = 10_000;
    const wait = windowMs - (Date.now() % windowMs);
    if (wait < 4000 || wait > windowMs - 50) await new Promise((resolve) => setTimeout(resolve, wait + 20));
    const results = [];
    for (let i = 0; i < 20; i++) {
      results.push(
        await call(i % 2 ? A() : B(), 'POST', `${API}/conversations/${conversation}/messages`, {
          token,
          body: { clientId: `f-${i}`, text: `flood ${i}` },
        }),
      );
    }
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    const cut = await call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token,
      body: { clientId: 'f-20', text: 'one more' },
    });
    expect(cut).toMatchObject({ status: 429, body: { msg: '发送太频繁，请稍后再试' } });
    const socket = chatSocket(wsUrl(B(), `token=${token}&lang=en`));
    await socket.ready();
    socket.send({ type: 'send', conversationId: conversation, clientId: 'f-21', text: 'and another' });
    const [error] = await socket.until((f) => f.type === 'error');
    expect(error).toMatchObject({ clientId: 'f-21', code: 429 });
    const history = await call(A(), 'GET', `${API}/conversations/${conversation}/messages?limit=100`, { token });
    expect(history.body.data.list).toHaveLength(20);
    await socket.close();
  });

  it('staff take, transfer and close conversations, search the history and keep quick replies', async () => {
    await people.join('kim');
    const kim = people.tokens.kim!;
    const conversation = await openFor(kim);
    await call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: kim,
      body: { clientId: 'k1', text: 'Where is the focus lens kerfcode?' },
    });
    const taken = await call(A(), 'POST', `${API}/conversations/${conversation}/assign`, { token: agent, body: {} });
    expect(taken.body.data).toMatchObject({ status: 'open', assigneeId: people.userIds.sam, assigneeName: 'SAM' });
    const agents = (await call(B(), 'GET', `${API}/agents`, { token: agent })).body.data as Json[];
    expect(agents.find((a) => a.id === people.userIds.sam)).toMatchObject({ name: 'SAM' });
    expect(agents.some((a) => a.id === people.userIds.eve)).toBe(false);
    const toEve = await call(A(), 'POST', `${API}/conversations/${conversation}/assign`, {
      token: agent,
      body: { assigneeId: people.userIds.eve },
    });
    expect(toEve).toMatchObject({ status: 400, body: { msg: '客服不存在' } });
    const rootId = agents.find((a) => a.name !== 'SAM')!.id;
    const moved = await call(A(), 'POST', `${API}/conversations/${conversation}/assign`, {
      token: agent,
      body: { assigneeId: rootId },
    });
    expect(moved.body.data.assigneeId).toBe(rootId);
    const mine = await call(A(), 'GET', `${API}/queue?assignee=me`, { token: root });
    expect(mine.body.data.list.map((c: Json) => c.id)).toContain(conversation);

    const found = await call(B(), 'GET', `${API}/messages/search?q=KERFCODE`, { token: agent });
    expect(found.body.data.list).toEqual([
      expect.objectContaining({
        customerName: 'KIM',
        message: expect.objectContaining({ text: 'Where is the focus lens kerfcode?' }),
      }),
    ]);

    const closed = await call(A(), 'POST', `${API}/conversations/${conversation}/close`, { token: root });
    expect(closed.body.data.status).toBe('closed');
    const texts = (
      await call(A(), 'GET', `${API}/conversations/${conversation}/messages`, { token: kim })
    ).body.data.list.map((m: Json) => `${m.side}:${m.text}`);
    expect(texts).toEqual([
      'customer:Where is the focus lens kerfcode?',
      'system:客服 SAM 为你服务',
      expect.stringMatching(/^system:客服 .+ 为你服务$/),
      'system:会话已结束，感谢你的咨询',
    ]);
    // a closed conversation is no longer "mine": the next one is new
    expect((await call(A(), 'GET', `${API}/mine`, { token: kim })).body.data).toBeNull();
    expect(await openFor(kim)).not.toBe(conversation);

    const added = await call(A(), 'POST', `${API}/quick-replies`, {
      token: agent,
      body: { title: 'Greeting', body: 'Hello, how can I help?' },
    });
    const reply = added.body.data.id as string;
    expect(
      (await call(B(), 'POST', `${API}/quick-replies`, { token: agent, body: { title: ' ', body: 'x' } })).body.msg,
    ).toBe('快捷回复的标题和内容不能为空');
    await call(B(), 'PUT', `${API}/quick-replies/${reply}`, {
      token: agent,
      body: { title: 'Hi', body: 'Hi there', orderNum: 2 },
    });
    expect((await call(A(), 'GET', `${API}/quick-replies`, { token: agent })).body.data).toContainEqual(
      expect.objectContaining({ id: reply, title: 'Hi', body: 'Hi there', orderNum: 2 }),
    );
    expect((await call(A(), 'DELETE', `${API}/quick-replies/${reply}`, { token: agent })).body.code).toBe(0);
    expect((await call(A(), 'DELETE', `${API}/quick-replies/${reply}`, { token: agent })).status).toBe(404);
  });

  it('an answer left unread sends one notice to the bound e-mail, across both instances’ sweeps', async () => {
    await people.join('una');
    const una = people.tokens.una!;
    const conversation = await openFor(una);
    await call(A(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: una,
      body: { clientId: 'u1', text: 'Hi' },
    });
    await call(B(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: agent,
      body: { clientId: 'a1', text: 'Your new lens ships tomorrow' },
    });
    const later = new Date(Date.now() + 2 * 3_600_000);
    const notices = () => delivery.notices.filter((n) => n.to === 'una@example.com');
    const sent = await Promise.all(services.map((s) => s.supportNotices.sweep(later)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(notices()).toEqual([
      expect.objectContaining({
        channel: 'email',
        subject: 'Kerf 客服回复了你的咨询',
        text: expect.stringContaining('Your new lens ships tomorrow'),
      }),
    ]);
    // another answer while the first is still unread: no second notice
    await call(B(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: agent,
      body: { clientId: 'a2', text: 'And the belt' },
    });
    await services[0]!.supportNotices.sweep(later);
    expect(notices()).toHaveLength(1);
    // read, then answered again: that answer earns its own notice
    const last = (await call(A(), 'GET', `${API}/mine`, { token: una })).body.data.lastSeq;
    await call(A(), 'POST', `${API}/conversations/${conversation}/read`, { token: una, body: { seq: last } });
    await call(B(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: agent,
      body: { clientId: 'a3', text: 'Anything else?' },
    });
    await services[1]!.supportNotices.sweep(later);
    expect(notices()).toHaveLength(2);
    // nothing is sent before the wait is over
    await call(A(), 'POST', `${API}/conversations/${conversation}/read`, { token: una, body: { seq: last + 1 } });
    await call(B(), 'POST', `${API}/conversations/${conversation}/messages`, {
      token: agent,
      body: { clientId: 'a4', text: 'Soon' },
    });
    await services[0]!.supportNotices.sweep(new Date());
    expect(notices()).toHaveLength(2);
  });
});
