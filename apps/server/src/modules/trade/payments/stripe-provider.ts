import type { Currency, PaymentAction } from '@kerf/contract';
import Stripe from 'stripe';
import type { PaymentSettings } from '../../../payment-config.js';
import {
  BadSignatureError,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentRequest,
  type PaymentStatus,
  type WebhookRequest,
} from './payment-provider.js';

export type StripeSettings = NonNullable<PaymentSettings['stripe']> & {
  /** Where Checkout sends the buyer back: the object's page. */
  returnUrl: string;
};

/**
 * Stripe Checkout for USD on the stripe SDK: a hosted page to open; events verified by the SDK
 * (`webhooks.constructEvent`, HMAC over the timestamp and raw body with the endpoint secret).
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly currencies = ['USD'] as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey);
  }

  async start(request: PaymentRequest): Promise<PaymentAction & { providerRef?: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: request.orderNo,
      metadata: { orderNo: request.orderNo },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amount,
            product_data: { name: request.description.slice(0, 200) },
          },
        },
      ],
      // Checkout sessions live at least 30 minutes; the order's own timeout still closes it at 15.
      expires_at: Math.floor(Math.max(request.expiresAt.getTime(), Date.now() + 31 * 60_000) / 1000),
      success_url: this.settings.returnUrl,
      cancel_url: this.settings.returnUrl,
    });
    return { provider: 'stripe', kind: 'redirect', url: session.url ?? '', providerRef: session.id };
  }

  async verify({ headers, rawBody }: WebhookRequest): Promise<PaymentNotice | null> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        String(headers['stripe-signature'] ?? ''),
        this.settings.webhookSecret,
      );
    } catch (error) {
      throw new BadSignatureError(error instanceof Error ? error.message : String(error));
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') return null;
    const session = event.data.object as Stripe.Checkout.Session;
    const orderNo = session.client_reference_id ?? session.metadata?.orderNo;
    if (!orderNo || session.amount_total === null || !session.currency) return null;
    if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return null;
    return {
      eventId: event.id,
      orderNo,
      kind: event.type === 'checkout.session.completed' ? 'paid' : 'closed',
      amount: session.amount_total,
      currency: session.currency.toUpperCase() as Currency,
      providerRef: session.id,
      at: new Date(event.created * 1000),
      payload: { id: event.id, type: event.type, session: session.id },
    };
  }

  async query(orderNo: string): Promise<PaymentStatus> {
    const sessions = await this.stripe.checkout.sessions.list({ limit: 5 });
    const session = sessions.data.find((s) => (s.client_reference_id ?? s.metadata?.orderNo) === orderNo);
    if (session?.payment_status === 'paid' && session.amount_total !== null && session.currency) {
      return {
        state: 'paid',
        providerRef: session.id,
        amount: session.amount_total,
        currency: session.currency.toUpperCase() as Currency,
        at: new Date(),
      };
    }
    return session?.status === 'expired' ? { state: 'closed' } : { state: 'pending' };
  }

  async refund(order: { providerRef: string | null }, amount: number): Promise<void> {
    if (!order.providerRef) throw new Error('no Checkout session to refund');
    const session = await this.stripe.checkout.sessions.retrieve(order.providerRef);
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new Error('the Checkout session has no payment');
    await this.stripe.refunds.create({ payment_intent: paymentIntent, amount });
  }

  acknowledge(ok: boolean) {
    return { status: ok ? 200 : 400, body: { received: ok } };
  }
}
