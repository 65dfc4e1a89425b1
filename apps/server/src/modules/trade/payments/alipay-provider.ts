import { type Currency, type PaymentAction, parsePrice, priceText } from '@kerf/contract';
import { AlipaySdk } from 'alipay-sdk';
import type { PaymentSettings } from '../../../payment-config.js';
import {
  BadSignatureError,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentRequest,
  type PaymentStatus,
  type WebhookRequest,
} from './payment-provider.js';

export type AlipaySettings = NonNullable<PaymentSettings['alipay']> & {
  /** Where Alipay sends its notices: {PUBLIC_URL}/cloud-api/trade/webhook/alipay. */
  notifyUrl: string;
  returnUrl?: string;
};

/**
 * Alipay page pay (电脑网站支付) on alipay-sdk: the page address is signed by the SDK (RSA2); notices are
 * form posts whose signature the SDK checks against Alipay's public key (`checkNotifySignV2`).
 */
export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay' as const;
  readonly currencies = ['CNY'] as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      signType: 'RSA2',
      // Alipay's tools give PKCS#1 keys, openssl's genpkey PKCS#8: the SDK must be told which.
      keyType: settings.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
    });
  }

  async start(request: PaymentRequest): Promise<PaymentAction & { providerRef?: string }> {
    const url = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: request.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: priceText(request.amount),
        subject: request.description.slice(0, 256),
        time_expire: formatChinaTime(request.expiresAt),
      },
      notifyUrl: this.settings.notifyUrl,
      ...(this.settings.returnUrl ? { returnUrl: this.settings.returnUrl } : {}),
    });
    return { provider: 'alipay', kind: 'redirect', url };
  }

  async verify({ rawBody }: WebhookRequest): Promise<PaymentNotice | null> {
    const fields = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
    if (!this.sdk.checkNotifySignV2(fields)) throw new BadSignatureError('Alipay signature does not match');
    if (fields.app_id && fields.app_id !== this.settings.appId) throw new BadSignatureError('another application');
    const status = fields.trade_status;
    const kind =
      status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'closed' : null;
    const amount = parsePrice(fields.total_amount ?? '');
    if (!kind || amount === null || !fields.out_trade_no) return null;
    return {
      eventId: fields.notify_id || `${fields.trade_no}:${status}`,
      orderNo: fields.out_trade_no,
      kind,
      amount,
      currency: 'CNY' as Currency,
      providerRef: fields.trade_no,
      at: fields.gmt_payment ? new Date(`${fields.gmt_payment.replace(' ', 'T')}+08:00`) : new Date(),
      payload: fields,
    };
  }

  async query(orderNo: string): Promise<PaymentStatus> {
    const result = (await this.sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } })) as {
      tradeStatus?: string;
      tradeNo?: string;
      totalAmount?: string;
      sendPayDate?: string;
    };
    if (result.tradeStatus === 'TRADE_SUCCESS' || result.tradeStatus === 'TRADE_FINISHED') {
      return {
        state: 'paid',
        providerRef: result.tradeNo,
        amount: parsePrice(result.totalAmount ?? '') ?? 0,
        currency: 'CNY',
        at: result.sendPayDate ? new Date(`${result.sendPayDate.replace(' ', 'T')}+08:00`) : new Date(),
      };
    }
    return result.tradeStatus === 'TRADE_CLOSED' ? { state: 'closed' } : { state: 'pending' };
  }

  async refund(order: { orderNo: string }, amount: number, refundNo: string): Promise<void> {
    const result = (await this.sdk.exec('alipay.trade.refund', {
      bizContent: { out_trade_no: order.orderNo, refund_amount: priceText(amount), out_request_no: refundNo },
    })) as { code?: string; subMsg?: string; msg?: string };
    if (result.code !== '10000')
      throw new Error(`Alipay refused the refund: ${result.subMsg ?? result.msg ?? result.code}`);
  }

  acknowledge(ok: boolean) {
    return { status: 200, body: ok ? 'success' : 'fail', contentType: 'text/plain; charset=utf-8' };
  }
}

/** `yyyy-MM-dd HH:mm:ss` in China time, as Alipay's time fields are written. */
function formatChinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
