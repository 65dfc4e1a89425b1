import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type AccountKind, type CodeScene, type Locale, VERIFICATION_CODE_TTL_SECONDS } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface CodeMessage {
  channel: AccountKind;
  to: string;
  scene: CodeScene;
  code: string;
  locale: Locale;
}

/** A notice that carries no code: an answer from customer service, a reply to feedback. */
export interface NoticeMessage {
  channel: AccountKind;
  to: string;
  subject: string;
  text: string;
}

/** Delivers a verification code or a notice to a person: by mail, by SMS, or to the local outbox. */
export interface CodeDelivery {
  send(message: CodeMessage): Promise<void>;
  notify(notice: NoticeMessage): Promise<void>;
}

const PURPOSE: Record<CodeScene, Record<Locale, string>> = {
  register: { 'zh-CN': '注册 Kerf 账号', en: 'create your Kerf account' },
  login: { 'zh-CN': '登录 Kerf', en: 'sign in to Kerf' },
  reset: { 'zh-CN': '重置 Kerf 密码', en: 'reset your Kerf password' },
  bind: { 'zh-CN': '绑定到你的 Kerf 账号', en: 'bind this address to your Kerf account' },
};

export function composeCodeText({ scene, code, locale }: CodeMessage): { subject: string; text: string } {
  const minutes = VERIFICATION_CODE_TTL_SECONDS / 60;
  return locale === 'en'
    ? {
        subject: `Your Kerf verification code: ${code}`,
        text: `Your code to ${PURPOSE[scene].en} is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
      }
    : {
        subject: `Kerf 验证码：${code}`,
        text: `你正在${PURPOSE[scene]['zh-CN']}，验证码 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略。`,
      };
}

/** Mail over SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpCodeDelivery implements CodeDelivery {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: CodeMessage) {
    const { subject, text } = composeCodeText(message);
    await this.transport.sendMail({ from: this.from, to: message.to, subject, text });
  }

  async notify({ to, subject, text }: NoticeMessage) {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }
}

/**
 * SMS through a provider's HTTP API. Providers differ; this speaks a plain JSON webhook
 * (`SMS_WEBHOOK_URL`, POST {to, text, code, scene}) that a small adapter or gateway can forward.
 */
export class WebhookSmsDelivery implements CodeDelivery {
  constructor(
    private readonly url: string,
    private readonly token?: string,
  ) {}

  async send(message: CodeMessage) {
    const { text } = composeCodeText(message);
    await this.post({ to: message.to, text, code: message.code, scene: message.scene });
  }

  /** A notice is posted like a code, without one: `{to, text, scene: 'notice'}`. */
  async notify({ to, text }: NoticeMessage) {
    await this.post({ to, text, scene: 'notice' });
  }

  private async post(body: Record<string, string>) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/**
 * With no mail or SMS configured, codes go to the server log and to DATA_DIR/outbox.log, so a person
 * running Kerf locally can still register. This is the one place a code is ever written out.
 */
export class OutboxCodeDelivery implements CodeDelivery {
  constructor(
    private readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: CodeMessage) {
    const { subject, text } = composeCodeText(message);
    const line = `${new Date().toISOString()}\t${message.channel}\t${message.to}\t${message.scene}\t${message.code}\t${subject}\t${text}\n`;
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, line, 'utf8');
    this.log.warn(
      { outbox: this.file, to: message.to, scene: message.scene },
      `verification code ${message.code} (outbox: no ${message.channel} delivery configured)`,
    );
  }

  async notify(notice: NoticeMessage) {
    const line = `${new Date().toISOString()}\t${notice.channel}\t${notice.to}\tnotice\t\t${notice.subject}\t${notice.text.replace(/\s+/g, ' ')}\n`;
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, line, 'utf8');
    this.log.info({ outbox: this.file, to: notice.to }, `notice (outbox: no ${notice.channel} delivery configured)`);
  }
}

/** Routes each message to the mail or SMS channel, whichever its account kind needs. */
export class ChannelCodeDelivery implements CodeDelivery {
  constructor(private readonly channels: Record<AccountKind, CodeDelivery>) {}

  send(message: CodeMessage) {
    return this.channels[message.channel].send(message);
  }

  notify(notice: NoticeMessage) {
    return this.channels[notice.channel].notify(notice);
  }
}
