import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The payment providers' settings (PAY_*). Each provider is on only when its settings are all present;
 * the sandbox is on unless PAY_SANDBOX=false. Keys and certificates are read from PEM files.
 */
export const PAYMENT_ENV = {
  PAY_SANDBOX: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PAY_WECHAT_APP_ID: z.string().min(1).optional(),
  PAY_WECHAT_MCH_ID: z.string().min(1).optional(),
  PAY_WECHAT_SERIAL_NO: z.string().min(1).optional(),
  PAY_WECHAT_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  PAY_WECHAT_CERT_FILE: z.string().min(1).optional(),
  PAY_WECHAT_API_V3_KEY: z.string().length(32).optional(),
  PAY_WECHAT_PLATFORM_KEY_FILE: z.string().min(1).optional(),
  PAY_WECHAT_PLATFORM_SERIAL: z.string().min(1).optional(),
  PAY_ALIPAY_APP_ID: z.string().min(1).optional(),
  PAY_ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  PAY_ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  PAY_ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  PAY_STRIPE_SECRET_KEY: z.string().min(1).optional(),
  PAY_STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
};

const paymentEnv = z.object(PAYMENT_ENV);
type PaymentEnv = z.output<typeof paymentEnv>;

const GROUPS = {
  wechat: [
    'PAY_WECHAT_APP_ID',
    'PAY_WECHAT_MCH_ID',
    'PAY_WECHAT_SERIAL_NO',
    'PAY_WECHAT_PRIVATE_KEY_FILE',
    'PAY_WECHAT_CERT_FILE',
    'PAY_WECHAT_API_V3_KEY',
  ],
  alipay: ['PAY_ALIPAY_APP_ID', 'PAY_ALIPAY_PRIVATE_KEY_FILE', 'PAY_ALIPAY_PUBLIC_KEY_FILE'],
  stripe: ['PAY_STRIPE_SECRET_KEY', 'PAY_STRIPE_WEBHOOK_SECRET'],
} as const;

/** A half-configured provider and a key file that is not there are start-up errors naming the variable. */
export function checkPaymentEnv(v: PaymentEnv, ctx: z.RefinementCtx) {
  for (const names of Object.values(GROUPS)) {
    const set = names.filter((name) => v[name] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      for (const name of names.filter((n) => v[n] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${set.join(', ')}` });
      }
    }
  }
  for (const name of Object.keys(PAYMENT_ENV) as Array<keyof PaymentEnv>) {
    const value = v[name];
    if (name.endsWith('_FILE') && typeof value === 'string' && !existsSync(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `no such file: ${value}` });
    }
  }
}

export interface PaymentSettings {
  sandbox: boolean;
  wechat?: {
    appId: string;
    mchId: string;
    /** The merchant certificate's serial number and its key pair (PEM). */
    serialNo: string;
    privateKey: string;
    certificate: string;
    /** The APIv3 key, which encrypts the notices' resource. */
    apiV3Key: string;
    /**
     * WeChat Pay's public key (PEM) and its id (the Wechatpay-Serial of its signatures). Without them the
     * SDK downloads the platform certificates over the API when the first notice comes.
     */
    platformKey?: string;
    platformSerial?: string;
  };
  alipay?: {
    appId: string;
    /** The application's private key (PEM, PKCS#8 or PKCS#1). */
    privateKey: string;
    /** Alipay's public key (PEM), which signs its notices. */
    alipayPublicKey: string;
    gateway: string;
  };
  stripe?: {
    secretKey: string;
    /** The endpoint's signing secret (whsec_…), which signs the webhook's events. */
    webhookSecret: string;
  };
}

const pem = (file: string) => readFileSync(file, 'utf8');

export function paymentSettings(v: PaymentEnv): PaymentSettings {
  return {
    sandbox: v.PAY_SANDBOX,
    wechat:
      v.PAY_WECHAT_APP_ID &&
      v.PAY_WECHAT_MCH_ID &&
      v.PAY_WECHAT_SERIAL_NO &&
      v.PAY_WECHAT_PRIVATE_KEY_FILE &&
      v.PAY_WECHAT_CERT_FILE &&
      v.PAY_WECHAT_API_V3_KEY
        ? {
            appId: v.PAY_WECHAT_APP_ID,
            mchId: v.PAY_WECHAT_MCH_ID,
            serialNo: v.PAY_WECHAT_SERIAL_NO,
            privateKey: pem(v.PAY_WECHAT_PRIVATE_KEY_FILE),
            certificate: pem(v.PAY_WECHAT_CERT_FILE),
            apiV3Key: v.PAY_WECHAT_API_V3_KEY,
            platformKey: v.PAY_WECHAT_PLATFORM_KEY_FILE ? pem(v.PAY_WECHAT_PLATFORM_KEY_FILE) : undefined,
            platformSerial: v.PAY_WECHAT_PLATFORM_SERIAL,
          }
        : undefined,
    alipay:
      v.PAY_ALIPAY_APP_ID && v.PAY_ALIPAY_PRIVATE_KEY_FILE && v.PAY_ALIPAY_PUBLIC_KEY_FILE
        ? {
            appId: v.PAY_ALIPAY_APP_ID,
            privateKey: pem(v.PAY_ALIPAY_PRIVATE_KEY_FILE),
            alipayPublicKey: pem(v.PAY_ALIPAY_PUBLIC_KEY_FILE),
            gateway: v.PAY_ALIPAY_GATEWAY,
          }
        : undefined,
    stripe:
      v.PAY_STRIPE_SECRET_KEY && v.PAY_STRIPE_WEBHOOK_SECRET
        ? { secretKey: v.PAY_STRIPE_SECRET_KEY, webhookSecret: v.PAY_STRIPE_WEBHOOK_SECRET }
        : undefined,
  };
}
