import type { Bilingual, Currency } from './locale.js';

/**
 * The trade centre (SPEC §1 trade centre: orders, payment records, buying and selling drawings; §2
 * `/trade`, `/store/record`; §7 `GET {cloud}/trade/engineRecord/list`). All under /cloud-api.
 *
 * - `POST /trade/order` `{objectId, provider?}` → my order for a listed object (pending, with how to pay);
 *   asking again while one is pending answers that one. Free objects need no order: `POST /trade/get`.
 * - `GET /trade/order/{id}` → one of my orders (as buyer or seller).
 * - `POST /trade/order/{id}/close` → I give up a pending order.
 * - `GET /trade/order/list?role=buyer|seller&state&page&limit` → my purchases or my sales.
 * - `GET /trade/payment/list?page&limit` → my payment records (each provider event that moved an order).
 * - `GET /trade/earnings` → my sales and earnings per currency (paid minus refunded).
 * - `POST /trade/order/{id}/refund` `{amount, reason}` (administrators) → bounded by what was paid.
 * - `GET /trade/export?kind=orders|sales|payments&format=csv|xlsx` → the same records as a file.
 * - `POST /trade/get` `{objectId}` → a free object is mine to download (a record, no order).
 * - `POST /trade/save` `{objectId, folderId}` → a copy of an object I own or may download, in my drive.
 * - `GET /trade/engineRecord/list?page&limit` → my downloads and purchases (SPEC §7).
 * - `POST /trade/webhook/{provider}` (no session; signed by the provider) → the provider's notice.
 * - `GET /trade/sandbox/{paymentId}` (no session) → the sandbox's pay page; its button pays.
 */
export const TRADE_PATHS = {
  order: '/trade/order',
  orderById: '/trade/order/:id',
  close: '/trade/order/:id/close',
  orders: '/trade/order/list',
  payments: '/trade/payment/list',
  earnings: '/trade/earnings',
  refund: '/trade/order/:id/refund',
  exportRecords: '/trade/export',
  get: '/trade/get',
  save: '/trade/save',
  records: '/trade/engineRecord/list',
  webhook: '/trade/webhook/:provider',
  sandboxPage: '/trade/sandbox/:paymentId',
  sandboxPay: '/trade/sandbox/:paymentId/pay',
} as const;

/** pending → paid → (refunded, in part or whole); pending → closed (given up, or not paid in time). */
export const ORDER_STATES = ['pending', 'paid', 'refunded', 'closed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_PROVIDERS = ['sandbox', 'wechat', 'alipay', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** What each provider takes: WeChat Pay and Alipay take yuan, Stripe Checkout dollars; the sandbox both. */
export const PROVIDER_CURRENCIES: Record<PaymentProvider, readonly Currency[]> = {
  sandbox: ['CNY', 'USD'],
  wechat: ['CNY'],
  alipay: ['CNY'],
  stripe: ['USD'],
};

export const TRADE_LIMITS = {
  /** An unpaid order closes after this long (the default: 15 minutes). */
  orderTimeoutMs: 15 * 60 * 1000,
  /** How often pending orders are asked of their provider (reconciliation). */
  reconcileEveryMs: 60 * 1000,
  refundReasonMax: 200,
} as const;

export const TRADE_PERMISSIONS = {
  buy: 'trade:order:add',
  view: 'trade:order:list',
  export: 'trade:order:export',
  /** Not in any user's grants (users hold trade:*:*): refunds live under their own module. */
  refund: 'market:order:refund',
} as const;

/** How the buyer pays: a QR code to scan (WeChat Pay Native, the sandbox) or a page to open. */
export interface PaymentAction {
  provider: PaymentProvider;
  kind: 'qr' | 'redirect';
  url: string;
}

export interface Order {
  id: string;
  /** The order number people quote (KF + date + digits). */
  orderNo: string;
  objectId: string;
  objectName: string;
  coverId: string | null;
  buyerName: string;
  sellerName: string;
  /** Minor units (fen, cent). */
  amount: number;
  currency: Currency;
  refunded: number;
  state: OrderState;
  provider: PaymentProvider;
  /** Only while pending. */
  pay: PaymentAction | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  closedAt: string | null;
  /** My part in the order; null when an administrator looks at someone else's. */
  mine: 'buyer' | 'seller' | null;
}

export interface PaymentRecord {
  id: string;
  orderNo: string;
  objectName: string;
  provider: PaymentProvider;
  kind: 'paid' | 'refunded' | 'closed';
  amount: number;
  currency: Currency;
  at: string;
}

export interface Earnings {
  currency: Currency;
  sales: number;
  paid: number;
  refunded: number;
  net: number;
}

/** SPEC §7 engineRecord: an object I may download, and how I came by it. */
export interface EngineRecord {
  objectId: string;
  objectName: string;
  coverId: string | null;
  sellerName: string;
  source: 'free' | 'order';
  orderNo: string | null;
  amount: number;
  currency: Currency;
  at: string;
}

export const tradeMessages = {
  notForSale: { 'zh-CN': '该物件未上架', en: 'This object is not for sale' },
  ownObject: { 'zh-CN': '不能购买自己的物件', en: 'You cannot buy your own object' },
  isFree: { 'zh-CN': '免费物件无需下单', en: 'Free objects need no order' },
  notFree: { 'zh-CN': '该物件需要购买', en: 'This object must be bought' },
  alreadyOwned: { 'zh-CN': '你已拥有该物件', en: 'You already have this object' },
  providerOff: { 'zh-CN': '该支付方式未开通', en: 'This payment method is not available' },
  providerCurrency: { 'zh-CN': '该支付方式不支持此币种', en: 'This payment method does not take this currency' },
  orderNotFound: { 'zh-CN': '订单不存在', en: 'The order does not exist' },
  notPending: { 'zh-CN': '订单已不是待支付状态', en: 'The order is no longer waiting for payment' },
  notPaid: { 'zh-CN': '订单未支付，不能退款', en: 'The order was not paid: nothing to refund' },
  refundTooMuch: { 'zh-CN': '退款金额超过可退金额', en: 'The refund is more than what can be refunded' },
  refundAmount: { 'zh-CN': '退款金额无效', en: 'The refund amount is not valid' },
  badSignature: { 'zh-CN': '通知签名无效', en: 'The notification signature is not valid' },
  paid: { 'zh-CN': '支付成功', en: 'Paid' },
  closed: { 'zh-CN': '订单已关闭', en: 'The order is closed' },
  refunded: { 'zh-CN': '退款成功', en: 'Refunded' },
  got: { 'zh-CN': '已加入我的下载', en: 'Added to my downloads' },
  saved: { 'zh-CN': '已保存到云盘', en: 'Saved to your drive' },
  notEntitled: { 'zh-CN': '请先购买该物件', en: 'Buy this object first' },
} as const satisfies Record<string, Bilingual>;
