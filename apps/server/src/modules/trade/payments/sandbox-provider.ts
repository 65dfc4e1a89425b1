import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Currency, PaymentAction } from '@kerf/contract';
import type { ServerSecretRepository } from '../../system/server-secret.repository.js';
import {
  BadSignatureError,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentRequest,
  type PaymentStatus,
  type WebhookRequest,
} from './payment-provider.js';

/** The `server_secrets` row holding the sandbox's signing key, shared by every instance. */
const SANDBOX_SECRET = 'trade.sandbox-hmac';
/** The header the sandbox signs its notices in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'kerf-sandbox-signature';
/** A notice older (or newer) than this is refused, so a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

/** What the sandbox is asked to pay (the order's own figures). */
export interface SandboxPayment {
  orderNo: string;
  amount: number;
  currency: Currency;
}

function hmac(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * The built-in payment provider, on by default: its "QR code" opens Kerf's own pay page, whose button
 * pays at once, and the payment is announced to the webhook signed as a real provider signs (HMAC over
 * a timestamp and the body, a key only the server holds), so the whole path (signature, repeats,
 * races with the timeout) runs as it will with money. Payments it took are remembered for `query`.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly currencies = ['CNY', 'USD'] as const;
  private readonly paid = new Map<string, { amount: number; currency: Currency; at: Date; ref: string }>();
  private secret: string | undefined;

  constructor(
    private readonly secrets: Pick<ServerSecretRepository, 'getOrCreate'>,
    /** The pay page's address for a payment id (relative to the server, or under its public URL). */
    private readonly pageUrl: (paymentId: string) => string,
  ) {}

  async load(): Promise<void> {
    this.secret = await this.secrets.getOrCreate(SANDBOX_SECRET, () => randomBytes(32).toString('base64'));
  }

  private get key(): string {
    if (!this.secret) throw new Error('sandbox payments used before load()');
    return this.secret;
  }

  async start(request: PaymentRequest): Promise<PaymentAction & { providerRef?: string }> {
    return { provider: 'sandbox', kind: 'qr', url: this.pageUrl(this.paymentId(request.orderNo)) };
  }

  /** The pay page's id of an order: its number and a signature, so nobody guesses another's page. */
  paymentId(orderNo: string): string {
    return `${orderNo}.${hmac(this.key, `page:${orderNo}`).slice(0, 32)}`;
  }

  /** The order number a pay-page id names, if its signature holds. */
  read(paymentId: string): string | null {
    const [orderNo = '', signature = ''] = paymentId.split('.');
    return sameHex(signature, hmac(this.key, `page:${orderNo}`).slice(0, 32)) ? orderNo : null;
  }

  /** Pays: remembers it and answers the signed notice to deliver to the webhook. */
  pay(payment: SandboxPayment, now = new Date()): { headers: Record<string, string>; body: string } {
    const ref = `SBX${now.getTime()}${Math.floor(Math.random() * 1e6)}`;
    this.paid.set(payment.orderNo, { amount: payment.amount, currency: payment.currency, at: now, ref });
    return this.notice(
      {
        id: randomUUID(),
        type: 'payment.succeeded',
        orderNo: payment.orderNo,
        amount: payment.amount,
        currency: payment.currency,
        ref,
        at: now.toISOString(),
      },
      now,
    );
  }

  /** A signed notice of any content (tests use it to send repeats and out-of-order notices). */
  notice(content: Record<string, unknown>, now = new Date()): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(content);
    const t = Math.floor(now.getTime() / 1000);
    return {
      headers: {
        [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${hmac(this.key, `${t}.${body}`)}`,
        'content-type': 'application/json',
      },
      body,
    };
  }

  async verify({ headers, rawBody }: WebhookRequest): Promise<PaymentNotice | null> {
    const header = String(headers[SANDBOX_SIGNATURE_HEADER] ?? '');
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || !parts.v1) throw new BadSignatureError('no signature');
    if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) throw new BadSignatureError('too old');
    if (!sameHex(parts.v1, hmac(this.key, `${t}.${rawBody.toString('utf8')}`))) {
      throw new BadSignatureError('signature does not match');
    }
    const event = JSON.parse(rawBody.toString('utf8')) as {
      id: string;
      type: string;
      orderNo: string;
      amount: number;
      currency: Currency;
      ref?: string;
      at: string;
    };
    const kind =
      event.type === 'payment.succeeded'
        ? 'paid'
        : event.type === 'payment.closed'
          ? 'closed'
          : event.type === 'refund.succeeded'
            ? 'refunded'
            : null;
    if (!kind) return null;
    return {
      eventId: event.id,
      orderNo: event.orderNo,
      kind,
      amount: event.amount,
      currency: event.currency,
      providerRef: event.ref,
      at: new Date(event.at),
      payload: event,
    };
  }

  async query(orderNo: string): Promise<PaymentStatus> {
    const paid = this.paid.get(orderNo);
    return paid
      ? { state: 'paid', providerRef: paid.ref, amount: paid.amount, currency: paid.currency, at: paid.at }
      : { state: 'pending' };
  }

  async refund(): Promise<void> {
    // The sandbox gives money back at once.
  }

  acknowledge(ok: boolean) {
    return { status: ok ? 200 : 400, body: { received: ok } };
  }
}
