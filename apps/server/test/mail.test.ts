import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { codeDeliveryFor } from '../src/services.js';
import { call, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { healthOnlyBlobStore } from './test-app.js';

interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, inbox, stop: () => new Promise<void>((ok) => server.close(() => ok())) };
}

describe('registration by e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  let db: Awaited<ReturnType<(typeof testDatabases)[number]['open']>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    db = await testDatabases[0]!.open();
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url, MAIL_FROM: 'Kerf <no-reply@kerf.test>' });
    // Everything the server logs, at the most talkative level, to check that no secret is ever written.
    const sink = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'trace' }, sink);
    app = await buildApp({
      config,
      infra: {
        database: db,
        blobs: healthOnlyBlobStore(),
        cache: new MemoryCache(),
        delivery: codeDeliveryFor(config, logger),
      },
      logger,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await smtp.stop();
  });

  it('mails the code, registers, signs in, and never logs a password or a code', async () => {
    const sent = await call(app, 'GET', '/uac-api/captcha/getCode?account=mail@example.com&scene=register', {
      lang: 'en',
    });
    expect(sent.body.code).toBe(0);
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    expect(mail.to).toBe('mail@example.com');
    const code = /(\d{6})/.exec(mail.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`Your code to create your Kerf account is ${code}`);

    const done = await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account: 'mail@example.com', password: 'Secret_pw1', code: code! },
    });
    expect(done.body.code).toBe(0);
    const login = await signIn(app, { grant_type: 'password', account: 'mail@example.com', password: 'Secret_pw1' });
    expect(login.body.code).toBe(0);
    await signIn(app, { grant_type: 'password', account: 'mail@example.com', password: 'Wrong_pw99' });

    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(5);
    expect(log).not.toContain('Secret_pw1');
    expect(log).not.toContain('Wrong_pw99');
    expect(log).not.toContain(code!);
    expect(log).not.toContain(login.body.token);
  });

  it('says the code could not be sent when the mail server is gone, and lets the person retry at once', async () => {
    await smtp.stop();
    const res = await call(app, 'GET', '/uac-api/captcha/getCode?account=later@example.com&scene=register');
    expect(res.status).toBe(502);
    expect(res.body.msg).toBe('验证码获取失败');
    const again = await call(app, 'GET', '/uac-api/captcha/getCode?account=later@example.com&scene=register');
    expect(again.status).toBe(502);
  });
});
