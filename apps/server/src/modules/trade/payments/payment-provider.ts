import type { Currency, PaymentAction, PaymentProvider } from '@kerf/contract';

/** What a provider is asked to collect. */
export interface PaymentRequest {
  orderNo: string;
  /** Minor units (fen, cent). */
  amount: number;
  currency: Currency;
  /** What the buyer sees on the provider's page. */
  description: string;
  expiresAt: Date;
}

/** A provider's notice, once its signature is verified, in one shape for every provider. */
export interface PaymentNotice {
  /** The provider's id of this event: stored once, so a repeat changes nothing. */
  eventId: string;
  orderNo: string;
  kind: 'paid' | 'closed' | 'refunded';
  amount: number;
  currency: Currency;
  providerRef?: string;
  at: Date;
  payload: unknown;
}

/** An HTTP request as the webhook route received it: the raw body, since signatures cover its bytes. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** What a provider says of a payment when asked (reconciliation of orders still pending). */
export type PaymentStatus =
  | { state: 'paid'; providerRef?: string; amount: number; currency: Currency; at: Date }
  | { state: 'pending' }
  | { state: 'closed' };

/**
 * One payment provider behind the trade centre. Adapters use the provider's own SDK for signing and
 * verifying; a provider without its secrets in the settings is not constructed (that method is off).
 */
export interface PaymentGateway {
  readonly name: PaymentProvider;
  readonly currencies: readonly Currency[];
  /** Starts a payment: a QR code to show or a page to open. */
  start(request: PaymentRequest): Promise<PaymentAction & { providerRef?: string }>;
  /** Verifies the notice's signature (throws BadSignatureError) and reads it; null for notices of no interest. */
  verify(request: WebhookRequest): Promise<PaymentNotice | null>;
  /** Asks the provider how a payment stands. */
  query(orderNo: string): Promise<PaymentStatus>;
  /** Gives back `amount` of a paid order; resolves once the provider accepted the refund. */
  refund(
    order: { orderNo: string; providerRef: string | null; amount: number; currency: Currency },
    amount: number,
    refundNo: string,
  ): Promise<void>;
  /** The body the provider expects back from a webhook it delivered. */
  acknowledge(ok: boolean): { status: number; body: unknown; contentType?: string };
}

export class BadSignatureError extends Error {
  constructor(reason: string) {
    super(`payment notice refused: ${reason}`);
    this.name = 'BadSignatureError';
  }
}
