import { type PaymentProvider, TRADE_PATHS } from '@kerf/contract';
import type { Config } from '../../../config.js';
import { AlipayGateway } from './alipay-provider.js';
import type { PaymentGateway } from './payment-provider.js';
import type { SandboxGateway } from './sandbox-provider.js';
import { StripeGateway } from './stripe-provider.js';
import { WechatPayGateway } from './wechat-provider.js';

/** The providers whose settings are present, each with its webhook address under the public URL. */
export function paymentGateways(config: Config, sandbox: SandboxGateway): Map<PaymentProvider, PaymentGateway> {
  const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const notifyUrl = (provider: PaymentProvider) =>
    `${base}/cloud-api${TRADE_PATHS.webhook.replace(':provider', provider)}`;
  const { payments } = config;
  const gateways = new Map<PaymentProvider, PaymentGateway>();
  if (payments.sandbox) gateways.set('sandbox', sandbox);
  if (payments.wechat)
    gateways.set('wechat', new WechatPayGateway({ ...payments.wechat, notifyUrl: notifyUrl('wechat') }));
  if (payments.alipay) {
    gateways.set(
      'alipay',
      new AlipayGateway({ ...payments.alipay, notifyUrl: notifyUrl('alipay'), returnUrl: `${base}/web/store/record` }),
    );
  }
  if (payments.stripe)
    gateways.set('stripe', new StripeGateway({ ...payments.stripe, returnUrl: `${base}/web/store/record` }));
  return gateways;
}
