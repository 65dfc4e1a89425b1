import type { Currency, PaymentAction } from '@kerf/contract';
import WxPay from 'wechatpay-node-v3';
import type { PaymentSettings } from '../../../payment-config.js';
import {
  BadSignatureError,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentRequest,
  type PaymentStatus,
  type WebhookRequest,
} from './payment-provider.js';

export type WechatPaySettings = NonNullable<PaymentSettings['wechat']> & {
  /** Where WeChat Pay sends its notices: {PUBLIC_URL}/cloud-api/trade/webhook/wechat. */
  notifyUrl: string;
};

/** The SDK keeps platform keys in a static map; it is filled from the settings when they name one. */
type WxPayStatics = { certificates: Record<string, string> };

/**
 * WeChat Pay v3 Native (a QR code) on wechatpay-node-v3: requests signed by the SDK with the merchant
 * key; notices verified by the SDK (RSA-SHA256 over timestamp, nonce and body with WeChat Pay's key)
 * and their resource decrypted with the APIv3 key (AES-256-GCM).
 */
export class WechatPayGateway implements PaymentGateway {
  readonly name = 'wechat' as const;
  readonly currencies = ['CNY'] as const;
  private readonly pay: WxPay;

  constructor(private readonly settings: WechatPaySettings) {
    this.pay = new WxPay({
      appid: settings.appId,
      mchid: settings.mchId,
      serial_no: settings.serialNo,
      publicKey: Buffer.from(settings.certificate),
      privateKey: Buffer.from(settings.privateKey),
      key: settings.apiV3Key,
    });
    if (settings.platformKey && settings.platformSerial) {
      (WxPay as unknown as WxPayStatics).certificates[settings.platformSerial] = settings.platformKey;
    }
  }

  async start(request: PaymentRequest): Promise<PaymentAction & { providerRef?: string }> {
    const result = (await this.pay.transactions_native({
      description: request.description.slice(0, 127),
      out_trade_no: request.orderNo,
      notify_url: this.settings.notifyUrl,
      time_expire: request.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      amount: { total: request.amount, currency: 'CNY' },
    })) as { status: number; data?: { code_url?: string }; error?: unknown };
    if (result.status !== 200 || !result.data?.code_url) {
      throw new Error(`WeChat Pay did not start the payment (${result.status})`);
    }
    return { provider: 'wechat', kind: 'qr', url: result.data.code_url };
  }

  async verify({ headers, rawBody }: WebhookRequest): Promise<PaymentNotice | null> {
    const header = (name: string) => String(headers[name] ?? '');
    const body = rawBody.toString('utf8');
    let valid = false;
    try {
      valid = await this.pay.verifySign({
        timestamp: header('wechatpay-timestamp'),
        nonce: header('wechatpay-nonce'),
        serial: header('wechatpay-serial'),
        signature: header('wechatpay-signature'),
        body,
      });
    } catch (error) {
      throw new BadSignatureError(error instanceof Error ? error.message : String(error));
    }
    if (!valid) throw new BadSignatureError('WeChat Pay signature does not match');
    const notice = JSON.parse(body) as {
      id: string;
      event_type: string;
      resource: { ciphertext: string; associated_data: string; nonce: string };
    };
    if (notice.event_type !== 'TRANSACTION.SUCCESS') return null;
    const { ciphertext, associated_data: associated, nonce } = notice.resource;
    const transaction = this.pay.decipher_gcm<{
      out_trade_no: string;
      transaction_id: string;
      trade_state: string;
      mchid: string;
      success_time?: string;
      amount: { total: number; currency: string };
    }>(ciphertext, associated, nonce, this.settings.apiV3Key);
    if (transaction.mchid !== this.settings.mchId) throw new BadSignatureError('another merchant');
    if (transaction.trade_state !== 'SUCCESS') return null;
    return {
      eventId: notice.id,
      orderNo: transaction.out_trade_no,
      kind: 'paid',
      amount: transaction.amount.total,
      currency: transaction.amount.currency as Currency,
      providerRef: transaction.transaction_id,
      at: transaction.success_time ? new Date(transaction.success_time) : new Date(),
      payload: { id: notice.id, event: notice.event_type, transaction: transaction.transaction_id },
    };
  }

  async query(orderNo: string): Promise<PaymentStatus> {
    const result = (await this.pay.query({ out_trade_no: orderNo })) as {
      status: number;
      data?: { trade_state?: string; transaction_id?: string; success_time?: string; amount?: { total: number } };
    };
    const data = result.data;
    if (data?.trade_state === 'SUCCESS' && data.amount) {
      return {
        state: 'paid',
        providerRef: data.transaction_id,
        amount: data.amount.total,
        currency: 'CNY',
        at: data.success_time ? new Date(data.success_time) : new Date(),
      };
    }
    return data?.trade_state === 'CLOSED' || data?.trade_state === 'PAYERROR'
      ? { state: 'closed' }
      : { state: 'pending' };
  }

  async refund(order: { orderNo: string; amount: number }, amount: number, refundNo: string): Promise<void> {
    const result = (await this.pay.refunds({
      out_trade_no: order.orderNo,
      out_refund_no: refundNo,
      amount: { refund: amount, total: order.amount, currency: 'CNY' },
    })) as { status: number };
    if (result.status !== 200) throw new Error(`WeChat Pay refused the refund (${result.status})`);
  }

  acknowledge(ok: boolean) {
    return {
      status: ok ? 200 : 400,
      body: ok ? { code: 'SUCCESS', message: '成功' } : { code: 'FAIL', message: '失败' },
    };
  }
}
