import { accountMessages, type Bilingual } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { Cache } from '../../infra/cache/cache.js';
import type { ImageCaptchaService } from './image-captcha.service.js';

export interface CodeSendLimits {
  /** Sends from one client address within the hour before each further send needs the image captcha. */
  beforeCaptcha: number;
  /** Send requests from one client address within the hour, captcha or not. */
  perClientHour: number;
  /** Sends to one mobile number or e-mail address within the day. */
  perRecipientDay: number;
  /** Sends from the whole platform within the hour. */
  perHour: number;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The client a limit counts: the IPv4 address, or the /64 network of an IPv6 one (a single host is
 * usually handed a whole /64, so counting single v6 addresses would let it rotate freely).
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+/, '') || '0').toLowerCase())
    .join(':')}::/64`;
}

/**
 * Decides whether a verification code may be sent (SPEC §7 captcha/getCode): a burst from one client
 * hits the image captcha after a few sends and then the client's hourly cap, one address gets a bounded
 * number of codes a day, and the platform as a whole a bounded number an hour. Every counter is an
 * atomic increment in the shared cache, so parallel requests and several instances count alike.
 */
export class CodeSendGuard {
  constructor(
    private readonly cache: Cache,
    private readonly captcha: ImageCaptchaService,
    private readonly limits: CodeSendLimits,
  ) {}

  /**
   * Before anything else: counts the request against its client address (refused or not, so guessing
   * at captchas wears the allowance down too) and, past the first few, checks the captcha answer.
   */
  async admitClient(ip: string, captcha: { uuid?: string; answer?: string } = {}): Promise<void> {
    const counter = `codesend:client:${clientKey(ip)}`;
    const requests = await this.cache.increment(counter, HOUR_MS);
    if (requests > this.limits.perClientHour) {
      throw await this.refusal(counter, HOUR_MS, accountMessages.codeClientLimit);
    }
    if (requests > this.limits.beforeCaptcha && !(await this.captcha.verify(captcha.uuid, captcha.answer))) {
      const text = captcha.answer ? accountMessages.captchaWrong : accountMessages.captchaRequired;
      throw new AppError(400, text, { code: 400, data: { captchaRequired: true } });
    }
  }

  /**
   * Once a code is about to go out (past the one-a-minute window, so a double click costs nothing):
   * counts it against the recipient's day and the platform's hour.
   */
  async countSend(recipient: string): Promise<void> {
    const toRecipient = `codesend:to:${recipient}`;
    if ((await this.cache.increment(toRecipient, DAY_MS)) > this.limits.perRecipientDay) {
      throw await this.refusal(toRecipient, DAY_MS, accountMessages.codeRecipientLimit);
    }
    const all = 'codesend:all';
    if ((await this.cache.increment(all, HOUR_MS)) > this.limits.perHour) {
      throw await this.refusal(all, HOUR_MS, accountMessages.codeServiceBusy);
    }
  }

  private async refusal(counter: string, windowMs: number, text: Bilingual) {
    const ms = (await this.cache.ttl(counter)) ?? windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
    return new AppError(429, text, { code: 429, data: { retryAfterSeconds } });
  }
}
