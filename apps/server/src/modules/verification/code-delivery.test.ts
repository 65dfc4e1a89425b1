import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ChannelCodeDelivery,
  type CodeMessage,
  composeCodeText,
  OutboxCodeDelivery,
  WebhookSmsDelivery,
} from './code-delivery.js';

const message: CodeMessage = { channel: 'mobile', to: '13800138000', scene: 'login', code: '042917', locale: 'zh-CN' };

describe('code delivery', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('words the message for its scene in both languages', () => {
    expect(composeCodeText(message)).toEqual({
      subject: 'Kerf 验证码：042917',
      text: '你正在登录 Kerf，验证码 042917，5 分钟内有效。如非本人操作，请忽略。',
    });
    expect(composeCodeText({ ...message, scene: 'reset', locale: 'en' }).text).toBe(
      'Your code to reset your Kerf password is 042917. It is valid for 5 minutes. If you did not ask for it, ignore this message.',
    );
  });

  it('writes to the outbox file, one tab-separated line per code', async () => {
    const file = join(dir, 'nested', 'outbox.log');
    const outbox = new OutboxCodeDelivery(file, pino({ level: 'silent' }));
    await outbox.send(message);
    await outbox.send({ ...message, channel: 'email', to: 'ada@example.com', code: '111222' });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split('\t').slice(1, 5)).toEqual(['mobile', '13800138000', 'login', '042917']);
    expect(lines[1]!.split('\t')[4]).toBe('111222');
  });

  it('posts SMS to the gateway and fails loudly when the gateway refuses', async () => {
    const received: Array<{ auth?: string; body: unknown }> = [];
    let status = 200;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const sms = new WebhookSmsDelivery(url, 'gw-token');
      const routed = new ChannelCodeDelivery({
        mobile: sms,
        email: {
          send: async () => Promise.reject(new Error('no mail')),
          notify: async () => Promise.reject(new Error('no mail')),
        },
      });
      await routed.send(message);
      expect(received[0]).toEqual({
        auth: 'Bearer gw-token',
        body: { to: '13800138000', code: '042917', scene: 'login', text: composeCodeText(message).text },
      });
      await routed.notify({ channel: 'mobile', to: '13800138000', subject: 'Answer', text: 'Support answered you' });
      expect(received[1]).toEqual({
        auth: 'Bearer gw-token',
        body: { to: '13800138000', scene: 'notice', text: 'Support answered you' },
      });
      status = 503;
      await expect(sms.send(message)).rejects.toThrow('SMS gateway answered 503');
      await expect(routed.send({ ...message, channel: 'email' })).rejects.toThrow('no mail');
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });
});
