import {
  CURRENCIES,
  envelopeOf,
  LOCALES,
  OBJECT_LIMITS,
  ORDER_STATES,
  PAYMENT_PROVIDERS,
  pageNumber,
  pageOf,
  TRADE_LIMITS,
} from '@kerf/contract';
import { z } from 'zod';
import { folderRef } from '../drive/drive.schema.js';

const uuid = z.string().uuid();
const limit = z.coerce.number().int().min(1).max(100).default(20);

export const orderBody = z.object({ objectId: uuid, provider: z.enum(PAYMENT_PROVIDERS).default('sandbox') });
export const idParams = z.object({ id: uuid });
export const ordersQuery = z.object({
  /** `all`: every order (administrators who refund), found by its number with `orderNo`. */
  role: z.enum(['buyer', 'seller', 'all']).default('buyer'),
  orderNo: z.string().trim().max(64).optional(),
  state: z.enum(ORDER_STATES).optional(),
  page: pageNumber,
  limit,
});
export const pageQuery = z.object({ page: pageNumber, limit });
export const refundBody = z.object({
  /** Minor units (fen, cent): an integer. */
  amount: z.number().int().positive().max(OBJECT_LIMITS.priceMax),
  reason: z.string().trim().max(TRADE_LIMITS.refundReasonMax).default(''),
});
export const objectBody = z.object({ objectId: uuid });
export const saveBody = z.object({ objectId: uuid, folderId: folderRef });
export const exportQuery = z.object({
  kind: z.enum(['orders', 'sales', 'payments', 'records']).default('orders'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** The app's language (a download link sends the browser's, not the app's). */
  lang: z.enum(LOCALES).optional(),
});
export const providerParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
export const sandboxParams = z.object({ paymentId: z.string().min(10).max(2000) });

const payAction = z.object({ provider: z.enum(PAYMENT_PROVIDERS), kind: z.enum(['qr', 'redirect']), url: z.string() });
export const order = z.object({
  id: z.string(),
  orderNo: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  coverId: z.string().nullable(),
  buyerName: z.string(),
  sellerName: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  refunded: z.number().int(),
  state: z.enum(ORDER_STATES),
  provider: z.enum(PAYMENT_PROVIDERS),
  pay: payAction.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  mine: z.enum(['buyer', 'seller']).nullable(),
});
export const orderResponse = envelopeOf(order);
export const refundResponse = envelopeOf(order.extend({ reason: z.string() }));
export const ordersResponse = envelopeOf(pageOf(order));
export const paymentsResponse = envelopeOf(
  pageOf(
    z.object({
      id: z.string(),
      orderNo: z.string(),
      objectName: z.string(),
      provider: z.enum(PAYMENT_PROVIDERS),
      kind: z.enum(['paid', 'refunded', 'closed']),
      amount: z.number().int(),
      currency: z.enum(CURRENCIES),
      at: z.string(),
    }),
  ),
);
export const earningsResponse = envelopeOf(
  z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      sales: z.number().int(),
      paid: z.number().int(),
      refunded: z.number().int(),
      net: z.number().int(),
    }),
  ),
);
export const recordsResponse = envelopeOf(
  pageOf(
    z.object({
      objectId: z.string(),
      objectName: z.string(),
      coverId: z.string().nullable(),
      sellerName: z.string(),
      source: z.enum(['free', 'order']),
      orderNo: z.string().nullable(),
      amount: z.number().int(),
      currency: z.enum(CURRENCIES),
      at: z.string(),
    }),
  ),
);
export const providersResponse = envelopeOf(z.array(z.enum(PAYMENT_PROVIDERS)));
export const idResponse = envelopeOf(z.string());
